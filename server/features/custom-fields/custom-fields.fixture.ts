import { customFields } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

export const tenantFixture: TenantFixturePart = async ({ db, project, app }) => {
  const [field] = await db
    .insert(customFields)
    .values({ id: newId(), projectId: project.id, appId: app.id, type: 'text', label: 'Feld A', position: 1 })
    .returning();
  return { ids: { customFieldId: field!.id }, secrets: [] };
};
