// The tickets' screens: one lazy chunk (tickets.routes.tsx), with the Mantine styles they use beyond the shell's.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Rating.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';

export { MyRequestsPage } from './my-requests-page';
export { NewRequestPage } from './new-request-page';
export { RequestPage } from './request-page';
export { SupportIndexPage } from './support-index-page';
export { SupportListPage } from './support-list-page';
export { SupportSettingsPage } from './support-settings-page';
export { SupportTicketPage } from './support-ticket-page';
export { AppTicketPage } from './app-ticket-page';
