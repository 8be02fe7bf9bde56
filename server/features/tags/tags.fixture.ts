import { tags } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

export const tenantFixture: TenantFixturePart = async ({ db, project, app }) => {
  const [tag] = await db
    .insert(tags)
    .values({ id: newId(), projectId: project.id, appId: app.id, name: 'Geheimtag-A' })
    .returning();
  return { ids: { tagId: tag!.id }, secrets: ['Geheimtag-A'] };
};
