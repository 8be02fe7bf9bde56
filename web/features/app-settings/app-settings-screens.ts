// The app settings' lazy chunk, with the Mantine styles its screens use.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';

export { AppSettingsLayout } from './app-settings-layout';
export { GeneralSettingsPage } from './general-settings-page';
export { ServicesSettingsPage } from './services-settings-page';
