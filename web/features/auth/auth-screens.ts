// The auth area's lazy chunk: every auth screen but sign-in (sign-in-screens.ts) loads together, with the Mantine
// styles they use.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/PinInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

export { JoinPage } from './join/join-page';
export { SignupConfirmPage, SignupPage } from './signup/signup-page';
export { ResetPage } from './reset/reset-page';
export { RestorePage } from './reset/restore-page';
