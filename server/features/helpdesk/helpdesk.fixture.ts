import { helpdeskArticles, helpdeskCategories } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * The help desk's rows of the route-table tenant: a category with a published article and a draft, in an app
 * whose `helpdesk` service is off (its default), so only the app's managers see them. The route suites address
 * the category and the published article.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app, memberProfile }) => {
  const categoryId = newId();
  const suffix = categoryId.slice(-8);
  await db.insert(helpdeskCategories).values({
    id: categoryId,
    appId: app.id,
    name: 'Hilfe A',
    slug: `hilfe-${suffix}`,
    position: 1,
    articlesCount: 1,
  });
  const article = (name: string, isPublished: boolean, position: number) => ({
    id: newId(),
    appId: app.id,
    categoryId,
    authorProfileId: memberProfile.id,
    name,
    slug: `${isPublished ? 'antwort' : 'entwurf'}-${suffix}`,
    bodyHtml: `<p>${name}: nur für Mandant A</p>`,
    bodyText: `${name}: nur für Mandant A`,
    isPublished,
    position,
  });
  const published = article('Geheime Antwort', true, 1);
  const draft = article('Geheimer Entwurf', false, 2);
  await db.insert(helpdeskArticles).values([published, draft]);
  return {
    ids: { helpdeskCategoryId: categoryId, helpdeskArticleId: published.id },
    secrets: [published.name, draft.name],
  };
};
