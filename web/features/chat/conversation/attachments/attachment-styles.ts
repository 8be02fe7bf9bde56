// The Mantine styles the conversation's attachments use beyond the shell's (web/app/mantine-styles.ts): the
// lightbox and the poll dialog (Modal), the poll's switch, checkboxes and bars. They land in the chat's chunk.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Switch.css';
