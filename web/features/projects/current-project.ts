import { currentProjectSchema } from '../../../contracts/profile';
import { api } from '../../api/client';
import { projectPaths } from './projects-paths';

/**
 * Spec §2 empty path on the service host: `GET /projects/current`; its project's view when there is one,
 * otherwise (404, and on any failure) the projects list. Kept out of the projects chunk: the root loader uses it.
 */
export async function currentProjectPath(): Promise<string> {
  try {
    const { id } = await api.get('/projects/current', { schema: currentProjectSchema });
    return projectPaths.view(id);
  } catch {
    return projectPaths.list;
  }
}
