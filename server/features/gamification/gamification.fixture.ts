import { eq, sql } from 'drizzle-orm';
import { apps, gamificationStatuses } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * The route-table tenant's gamification: the rewards service switched on (it starts off) and one active level
 * (the `:id` of `/statuses/:id`), whose name no other tenant may ever see.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app }) => {
  await db
    .update(apps)
    .set({
      options: sql`jsonb_set(${apps.options}, '{services}', coalesce(${apps.options} -> 'services', '{}'::jsonb) || '{"rewards": true}'::jsonb)`,
    })
    .where(eq(apps.id, app.id));
  const statusId = newId();
  await db
    .insert(gamificationStatuses)
    .values({ id: statusId, appId: app.id, name: 'Geheime Stufe A', points: 10, icon: 'trophy' });
  return { ids: { statusId }, secrets: ['Geheime Stufe A'] };
};
