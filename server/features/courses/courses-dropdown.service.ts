import type { Paginated } from '../../../contracts/pagination.ts';
import type { DbOrTx } from '../../db/client.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import * as repo from './courses-dropdown.repo.ts';
import type { CoursesView } from './courses.access.ts';
import { isCoursesManager } from './courses.policy.ts';

/**
 * COURSES-12: the app's live courses for a picker, newest first. Managers choose among all of them; others among
 * the published ones the catalogue lists, and link-only ones only when a form names them in `courseIds` (whoever
 * has the link sees the course anyway).
 */
export async function courseDropdown(
  db: DbOrTx,
  view: CoursesView,
  query: { page: number; limit: number; search?: string | undefined; courseIds?: string[] | undefined },
): Promise<Paginated<{ id: string; name: string }>> {
  const manager = isCoursesManager(view.actor);
  const { rows, total } = await repo.courseChoices(db, view.app.app.id, {
    drafts: manager,
    linkOnly: manager || query.courseIds !== undefined,
    courseIds: query.courseIds,
    search: query.search || undefined,
    limit: query.limit,
    offset: pageOffset(query),
  });
  return paginate(rows, total, query);
}
