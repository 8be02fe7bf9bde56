// The help desk's lazy chunk, with the Mantine styles its screens use beyond the shell's.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';

export { HelpdeskArticleEditorPage } from './article-editor-page';
export { HelpdeskArticlePage } from './article-page';
export { HelpdeskCategoryPage } from './category-page';
export { HelpdeskHomePage } from './home-page';
export { HelpdeskSettingsPage } from './settings-page';
