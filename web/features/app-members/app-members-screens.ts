// The member administration's lazy chunk (settings/members and its children), with the Mantine styles its
// screens use beyond the shell's.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';

export { BulkImportPage } from './bulk-import-page';
export { InviteLinksPage } from './invite-links-page';
export { InvitePage } from './invite-page';
export { MembersPage } from './members-page';
export { ModerationPage } from './moderation-page';
export { TagsPage } from './tags-page';
