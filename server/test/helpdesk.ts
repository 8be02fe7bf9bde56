import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { apps } from '../db/schema/index.ts';
import { communityApp, communityCaller, type CommunityApp } from './community-spaces.ts';
import type { TestServer } from './test-server.ts';

/*
 * Set-up of the help desk's tests: a fresh app per test (owner, members, a moderator, an invited person and a
 * stranger of another project) with the `helpdesk` service switched on, and categories and articles made
 * through the API as the owner.
 */

type Created = { id: string; slug: string; name: string };
type CreatedCategory = Created & { parentId: string | null; depth: number };

export type HelpdeskApp = CommunityApp & {
  setService: (on: boolean, guests?: boolean) => Promise<void>;
  category: (body: object) => Promise<CreatedCategory>;
  article: (categoryId: string, body: object) => Promise<Created>;
};

export function helpdeskCaller(server: () => TestServer) {
  return communityCaller(server);
}

export async function helpdeskApp(server: TestServer): Promise<HelpdeskApp> {
  const tenant = await communityApp(server);
  const call = communityCaller(() => server);
  const setService = async (on: boolean, guests = false) => {
    await tenant.db
      .update(apps)
      .set({
        options: sql`jsonb_set(${apps.options}, '{services}', coalesce(${apps.options} -> 'services', '{}'::jsonb) || ${JSON.stringify({ helpdesk: on })}::jsonb)`,
        serviceSettings: sql`${apps.serviceSettings} || ${JSON.stringify({ helpdesk: { isVisibleToGuests: guests } })}::jsonb`,
      })
      .where(eq(apps.id, tenant.app.id));
  };
  await setService(true);
  return {
    ...tenant,
    setService,
    category: async (body) => {
      const response = await call(
        'POST',
        `/api/apps/${tenant.app.id}/helpdesk/categories`,
        tenant.owner,
        body,
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: CreatedCategory }>().data;
    },
    article: async (categoryId, body) => {
      const response = await call(
        'POST',
        `/api/helpdesk/categories/${categoryId}/articles`,
        tenant.owner,
        body,
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: Created }>().data;
    },
  };
}
