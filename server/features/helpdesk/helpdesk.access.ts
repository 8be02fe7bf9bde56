import { eq } from 'drizzle-orm';
import type { HelpdeskAbility } from '../../../contracts/helpdesk.ts';
import type { DbOrTx } from '../../db/client.ts';
import { helpdeskArticles, helpdeskCategories } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { servicesOf } from '../apps/public.ts';
import { loadAppAccess, type AppAccess } from '../workspace/public.ts';
import { articleVisible, helpdeskAbilities } from './helpdesk.policy.ts';

/*
 * The help desk's access (issue 20): the caller's app standing turned into the help desk's abilities
 * (helpdesk.policy.ts), and the category or article of a path parameter loaded with it. Not visible: 404.
 */

export type CategoryRow = typeof helpdeskCategories.$inferSelect;
export type ArticleRow = typeof helpdeskArticles.$inferSelect;

export type HelpdeskAccess = { app: AppAccess; can: HelpdeskAbility[] };
export type CategoryAccess = HelpdeskAccess & { category: CategoryRow };
export type ArticleAccess = HelpdeskAccess & { article: ArticleRow };

/** The help desk as the caller sees it; 404 when it is not theirs to see. */
export function helpdeskAccessOf(app: AppAccess): HelpdeskAccess {
  const settings = app.app.serviceSettings.helpdesk ?? {};
  const can = helpdeskAbilities({
    role: app.role,
    sanction: app.sanction,
    hasProfile: app.profile !== undefined,
    serviceOn: servicesOf(app.app.options).helpdesk,
    guestsMayRead: settings.isVisibleToGuests === true,
    mayEdit: app.can.includes('create_article'),
  });
  if (!can.includes('view')) {
    throw notFound();
  }
  return { app, can };
}

export async function loadHelpdeskAccess(db: DbOrTx, actor: Actor, appId: string): Promise<HelpdeskAccess> {
  return helpdeskAccessOf(await loadAppAccess(db, actor, appId));
}

export async function loadCategoryAccess(db: DbOrTx, actor: Actor, id: string): Promise<CategoryAccess> {
  const [category] = await db.select().from(helpdeskCategories).where(eq(helpdeskCategories.id, id));
  if (!category) {
    throw notFound();
  }
  return { ...(await loadHelpdeskAccess(db, actor, category.appId)), category };
}

export async function loadArticleAccess(db: DbOrTx, actor: Actor, id: string): Promise<ArticleAccess> {
  const [article] = await db.select().from(helpdeskArticles).where(eq(helpdeskArticles.id, id));
  if (!article) {
    throw notFound();
  }
  const access = await loadHelpdeskAccess(db, actor, article.appId);
  if (!articleVisible(access.can, article)) {
    throw notFound();
  }
  return { ...access, article };
}
