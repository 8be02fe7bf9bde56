import { courseCategories } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/** The route-table tenant's course category (the `:id` of `/categories/:id`). */
export const tenantFixture: TenantFixturePart = async ({ db, app }) => {
  const id = newId();
  await db.insert(courseCategories).values({ id, appId: app.id, name: 'Kurskategorie A', position: 1 });
  return { ids: { courseCategoryId: id }, secrets: ['Kurskategorie A'] };
};
