// The sign-in page's own lazy chunk: the address most people open first loads none of the other auth screens
// (sign-up's time-zone select and the like), only the Mantine styles this page uses.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/PinInput.css';

export { SignInPage } from './sign-in/sign-in-page';
