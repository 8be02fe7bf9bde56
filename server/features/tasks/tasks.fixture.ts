import { tasks } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

export const tenantFixture: TenantFixturePart = async ({ db, project, app, owner }) => {
  const [task] = await db
    .insert(tasks)
    .values({ id: newId(), projectId: project.id, appId: app.id, createdBy: owner.id, type: 'import' })
    .returning();
  return { ids: { taskId: task!.id }, secrets: [] };
};
