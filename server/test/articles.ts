import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Article, ArticleCategory } from '../../contracts/articles.ts';
import { apps } from '../db/schema/index.ts';
import { communityApp, communityCaller, type CommunityApp } from './community-spaces.ts';
import type { TestServer } from './test-server.ts';

/*
 * Set-up of the articles' tests: a fresh app per test (owner, members, a moderator, an invited person and a
 * stranger of another project) with the `articles` service switched on, and categories and articles made through
 * the API as the owner.
 */

export type ArticlesApp = CommunityApp & {
  setService: (on: boolean, guests?: boolean) => Promise<void>;
  category: (name?: string) => Promise<ArticleCategory>;
  article: (categoryId: string, body?: object) => Promise<Article>;
};

export const articlesCaller = communityCaller;

export async function articlesApp(server: TestServer): Promise<ArticlesApp> {
  const tenant = await communityApp(server);
  const call = communityCaller(() => server);
  const setService = async (on: boolean, guests = false) => {
    await tenant.db
      .update(apps)
      .set({
        options: sql`jsonb_set(${apps.options}, '{services}', coalesce(${apps.options} -> 'services', '{}'::jsonb) || ${JSON.stringify({ articles: on })}::jsonb)`,
        serviceSettings: sql`${apps.serviceSettings} || ${JSON.stringify({ articles: { isVisibleToGuests: guests } })}::jsonb`,
      })
      .where(eq(apps.id, tenant.app.id));
  };
  await setService(true);
  let count = 0;
  return {
    ...tenant,
    setService,
    category: async (name) => {
      count += 1;
      const response = await call('POST', `/api/apps/${tenant.app.id}/articles/categories`, tenant.owner, {
        name: name ?? `Kategorie ${count}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: ArticleCategory }>().data;
    },
    article: async (categoryId, body = {}) => {
      count += 1;
      const response = await call('POST', `/api/apps/${tenant.app.id}/articles`, tenant.owner, {
        name: `Artikel ${count}`,
        body: '<p>Ein Text.</p>',
        categoryId,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: Article }>().data;
    },
  };
}
