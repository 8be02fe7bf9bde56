// The onboarding settings' lazy chunk (settings/onboarding), with the Mantine styles it uses beyond the shell's.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';

export { OnboardingSettingsPage } from './onboarding-settings-page';
