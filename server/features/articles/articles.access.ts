import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articleCategories, articles } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { servicesOf } from '../apps/public.ts';
import { loadAppAccess, type AppAccess } from '../workspace/public.ts';
import {
  articleAbilities,
  articleCategoryAbilities,
  seesArticles,
  type ArticleAbility,
  type ArticleCategoryAbility,
  type ArticlesActor,
} from './articles.policy.ts';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleCategoryRow = typeof articleCategories.$inferSelect;

/** The caller as the articles see them (articles.policy.ts). */
export function articlesActorOf(app: AppAccess): ArticlesActor {
  const settings = app.app.serviceSettings.articles ?? {};
  const serviceOn = servicesOf(app.app.options).articles;
  return {
    role: app.role,
    sanction: app.sanction,
    profileId: app.profile?.id ?? null,
    serviceOn,
    guestsMayRead: serviceOn && settings.isVisibleToGuests === true,
    isEditor: app.can.includes('create_article'),
  };
}

/** The app's articles as the caller sees them; 404 when the service is not theirs to see. */
export type ArticlesView = { app: AppAccess; actor: ArticlesActor };

export function articlesViewOf(app: AppAccess): ArticlesView {
  const actor = articlesActorOf(app);
  if (!seesArticles(actor)) {
    throw notFound();
  }
  return { app, actor };
}

export type ArticleAccessOf = ArticlesView & { article: ArticleRow; can: ArticleAbility[] };
export type ArticleCategoryAccess = ArticlesView & {
  category: ArticleCategoryRow;
  can: ArticleCategoryAbility[];
};

/** The caller's access to an article of the app; 404 when they may not read it (a draft, for a member). */
export function articleAccessOf(app: AppAccess, article: ArticleRow): ArticleAccessOf {
  if (article.appId !== app.app.id) {
    throw notFound();
  }
  const view = articlesViewOf(app);
  const can = articleAbilities(view.actor, {
    status: article.status,
    access: article.access,
    isPublished: article.publishedAt !== null,
  });
  if (!can.includes('view')) {
    throw notFound();
  }
  return { ...view, article, can };
}

export async function loadArticleAccess(db: DbOrTx, actor: Actor, id: string): Promise<ArticleAccessOf> {
  const [article] = await db.select().from(articles).where(eq(articles.id, id));
  if (!article) {
    throw notFound();
  }
  return articleAccessOf(await loadAppAccess(db, actor, article.appId), article);
}

export function articleCategoryAccessOf(app: AppAccess, category: ArticleCategoryRow): ArticleCategoryAccess {
  if (category.appId !== app.app.id) {
    throw notFound();
  }
  const view = articlesViewOf(app);
  return { ...view, category, can: articleCategoryAbilities(view.actor) };
}

export async function loadArticleCategoryAccess(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<ArticleCategoryAccess> {
  const [category] = await db.select().from(articleCategories).where(eq(articleCategories.id, id));
  if (!category) {
    throw notFound();
  }
  return articleCategoryAccessOf(await loadAppAccess(db, actor, category.appId), category);
}
