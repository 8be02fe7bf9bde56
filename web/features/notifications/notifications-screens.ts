// The notifications page's lazy chunk, with the Mantine styles it needs beyond the shell's.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';

export { NotificationsPage } from './page/notifications-page';
