import { useQuery } from '@tanstack/react-query';
import { canInProject } from './project-context';
import { projectStorageQuery, usageQuery, type Project } from './projects-api';
import { UsageBars } from './usage-bars';

/**
 * The project's usage against its tariff, fresh from the server: the counted limits, and the cloud library's
 * storage for those who keep the project's files (`view_files`).
 */
export function ProjectUsage({ project }: { project: Project }) {
  const usage = useQuery({ ...usageQuery(project.id), enabled: canInProject(project, 'view') });
  const storage = useQuery({
    ...projectStorageQuery(project.id),
    enabled: canInProject(project, 'view_files'),
  });
  return <UsageBars items={usage.data ?? project.usage} storage={storage.data ?? null} />;
}
