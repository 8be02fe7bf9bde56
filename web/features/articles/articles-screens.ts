// The articles' lazy chunk, with the Mantine styles its screens use beyond the shell's.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';

export { ArticleEditorPage } from './editor-page';
export { ArticlePage } from './article-page';
export { ArticlesListPage } from './list-page';
export { ArticlesSettingsPage } from './settings-page';
