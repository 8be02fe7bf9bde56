// The custom fields' lazy chunk, with the Mantine styles its screens use.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';

export { CustomFieldsPage } from './custom-fields-page';
export { CustomFieldCreatePage, CustomFieldEditPage } from './custom-field-pages';
