import type { AbilityName } from '../../../contracts/abilities.ts';
import type { ArticleAccess } from '../../../contracts/articles.ts';
import type { ArticleStatus } from '../../../contracts/enums.ts';
import type { AppRole, Sanction } from '../workspace/public.ts';

/*
 * The articles' rules (issue 20), pure predicates over loaded data:
 *   - the service: on, it is read by the app's participants (and by guests when its `isVisibleToGuests` setting
 *     is on); off, only its editors see it (they may switch it on again);
 *   - an article: published ones (active, `published_at` set) are read by whoever sees the service, `auth`
 *     ones by participants only; drafts and scheduled ones by the editors only;
 *   - editors: whoever holds the app's `create_article` (owner, admins, the app-managing team);
 *   - reactions and favourites: a participant's profile, unsanctioned, on a published article.
 * A blocked member sees nothing; a punished one reads only.
 */

export type ArticleAbility = AbilityName<'article'>;
export type ArticleCategoryAbility = AbilityName<'article_category'>;

export type ArticlesActor = {
  role: AppRole;
  sanction: Sanction;
  profileId: string | null;
  /** The `articles` service is switched on. */
  serviceOn: boolean;
  /** The service lets guests read its free articles. */
  guestsMayRead: boolean;
  /** Holds the app's `create_article`. */
  isEditor: boolean;
};

const participantRoles: readonly AppRole[] = ['owner', 'admin', 'team', 'moderator', 'member'];

export const isParticipant = (actor: ArticlesActor) =>
  participantRoles.includes(actor.role) && actor.sanction !== 'blocked';

/** Whether the caller sees the articles service at all (else 404 everywhere in it). */
export function seesArticles(actor: ArticlesActor): boolean {
  if (actor.sanction === 'blocked') {
    return false;
  }
  if (actor.isEditor) {
    return true;
  }
  return actor.serviceOn && (isParticipant(actor) || actor.guestsMayRead);
}

/** Whether the caller may read articles of this access level once published. */
export const readsAccess = (actor: ArticlesActor, access: ArticleAccess) =>
  access === 'free' || isParticipant(actor) || actor.isEditor;

export type ArticleFacts = { status: ArticleStatus; access: ArticleAccess; isPublished: boolean };

export function articleAbilities(actor: ArticlesActor, article: ArticleFacts): ArticleAbility[] {
  if (!seesArticles(actor)) {
    return [];
  }
  const live = article.status === 'active' && article.isPublished;
  if (!actor.isEditor && (!live || !readsAccess(actor, article.access))) {
    return [];
  }
  const can: ArticleAbility[] = ['view'];
  if (actor.isEditor) {
    can.push('edit', 'delete');
  }
  if (live && isParticipant(actor) && actor.sanction === null && actor.profileId !== null) {
    can.push('react', 'favorite');
  }
  return can;
}

export function articleCategoryAbilities(actor: ArticlesActor): ArticleCategoryAbility[] {
  if (!seesArticles(actor)) {
    return [];
  }
  return actor.isEditor ? ['view', 'edit', 'delete', 'move'] : ['view'];
}
