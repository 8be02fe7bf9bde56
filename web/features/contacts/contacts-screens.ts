// The contacts area's lazy chunk, with the Mantine styles its screens use.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';

export { ContactProfilePage } from './contact-profile-page';
export { ContactsPage } from './contacts-page';
