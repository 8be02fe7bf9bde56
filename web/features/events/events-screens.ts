// The events' lazy chunk, with the Mantine styles its screens use beyond the shell's.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';

export { EventEditorPage } from './editor-page';
export { EventPage } from './event-page';
export { EventsListPage } from './list-page';
export { EventsSettingsPage } from './settings-page';
