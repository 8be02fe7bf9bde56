// The project settings area's lazy chunk, with the Mantine styles its screens use.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';

export { PaymentPlanPage } from './payment-plan-page';
export { ProjectSettingsPage } from './settings-page';
