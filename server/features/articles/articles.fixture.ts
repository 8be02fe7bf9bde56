import { articleCategories, articles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * The articles' rows of the route-table tenant: a category with a published article (the routes' `:id`) and a
 * draft. The app keeps its `articles` service off (the default): only its editors see them.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app, memberProfile }) => {
  const categoryId = newId();
  const suffix = categoryId.slice(-8);
  await db.insert(articleCategories).values({
    id: categoryId,
    appId: app.id,
    name: 'Artikelkategorie A',
    slug: `artikel-kategorie-${suffix}`,
    position: 1,
    articlesCount: 1,
  });
  const article = (name: string, status: 'active' | 'draft') => ({
    id: newId(),
    appId: app.id,
    categoryId,
    authorProfileId: memberProfile.id,
    name,
    slug: `${status}-${suffix}`,
    bodyHtml: `<p>${name}: nur für Mandant A</p>`,
    bodyText: `${name}: nur für Mandant A`,
    status,
    publishedAt: status === 'active' ? new Date() : null,
  });
  const [published, draft] = [
    article('Geheimer Artikel A', 'active'),
    article('Entwurf von Mandant A', 'draft'),
  ];
  await db.insert(articles).values([published, draft]);
  return {
    ids: {
      articleId: published.id,
      articleSlug: published.slug,
      articleCategoryId: categoryId,
      articleCategorySlug: `artikel-kategorie-${suffix}`,
    },
    secrets: [published.name, draft.name],
  };
};
