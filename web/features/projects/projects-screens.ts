// The projects area's lazy chunk, with the Mantine styles its screens use.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Tabs.css';

export { CreateProjectPage } from './create-project-page';
export { ProjectDashboardPage } from './project-dashboard-page';
export { ProjectLayout } from './project-layout';
export { ProjectsPage } from './projects-page';
export { currentProjectPath } from './current-project';
