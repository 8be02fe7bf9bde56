// The team area's lazy chunk, with the Mantine styles its screens use.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';

export { TeamPage } from './team-page';
