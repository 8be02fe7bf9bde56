import type { ArticleReaction, ArticleStanding } from '../../../contracts/articles.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { ArticleAccessOf } from './articles.access.ts';
import { reactionOf } from './articles.presenter.ts';
import * as repo from './reactions.repo.ts';

/** Likes and dislikes (one per member, switchable) and favourites (RULE-16: POST creates, DELETE removes). */
export function createArticleReactionService(deps: { db: Db }) {
  const { db } = deps;

  /** The route checked `react` / `favorite`, which only a participant's profile holds. */
  const refOf = ({ app, article }: ArticleAccessOf) => {
    const profileId = app.profile?.id;
    if (!profileId) {
      throw forbidden();
    }
    return { articleId: article.id, profileId, appId: article.appId };
  };

  async function standing(ref: ReturnType<typeof refOf>): Promise<ArticleStanding> {
    const row = await repo.standingOf(db, ref);
    if (!row) {
      throw notFound();
    }
    return {
      likes: row.likes,
      dislikes: row.dislikes,
      reaction: reactionOf(row.reaction),
      isFavorite: row.favoriteAt !== null,
    };
  }

  return {
    async react(access: ArticleAccessOf, value: ArticleReaction): Promise<ArticleStanding> {
      const ref = refOf(access);
      await db.transaction((tx) => repo.setReaction(tx, ref, value === 'like' ? 1 : -1));
      return standing(ref);
    },
    async unreact(access: ArticleAccessOf): Promise<ArticleStanding> {
      const ref = refOf(access);
      await db.transaction((tx) => repo.removeReaction(tx, ref));
      return standing(ref);
    },
    async favorite(access: ArticleAccessOf): Promise<ArticleStanding> {
      const ref = refOf(access);
      await repo.addFavorite(db, ref);
      return standing(ref);
    },
    async unfavorite(access: ArticleAccessOf): Promise<ArticleStanding> {
      const ref = refOf(access);
      await repo.removeFavorite(db, ref);
      return standing(ref);
    },
  };
}

export type ArticleReactionService = ReturnType<typeof createArticleReactionService>;
