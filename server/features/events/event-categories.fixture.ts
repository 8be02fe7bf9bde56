import { eventCategories } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/** The route-table tenant's event category (the `:id` of `/events/categories/:id`). */
export const tenantFixture: TenantFixturePart = async ({ db, app }) => {
  const id = newId();
  await db.insert(eventCategories).values({ id, appId: app.id, name: 'Terminkategorie A', position: 1 });
  return { ids: { eventCategoryId: id }, secrets: ['Terminkategorie A'] };
};
