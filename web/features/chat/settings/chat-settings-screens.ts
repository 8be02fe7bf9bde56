// The chat settings' lazy chunk (settings/chat), with the Mantine styles it uses beyond the shell's.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';

export { ChatSettingsPage } from './chat-settings-page';
