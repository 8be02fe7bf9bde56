import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articleFavorites, articleReactions, articles } from '../../db/schema/index.ts';

/*
 * A member's like or dislike (+1 / -1, one per article, changeable) and favourite. The counters on the article
 * move in the same transaction as the reaction row, so they always equal the rows.
 */

type Ref = { articleId: string; profileId: string; appId: string };

const ofMember = ({ articleId, profileId }: Ref) =>
  and(eq(articleReactions.articleId, articleId), eq(articleReactions.profileId, profileId));

/** Moves the article's counters: +1 for the new value, -1 for the old one. */
async function bumpCounters(tx: DbOrTx, articleId: string, added: number | null, removed: number | null) {
  const delta = (value: number) => (added === value ? 1 : 0) - (removed === value ? 1 : 0);
  const likes = delta(1);
  const dislikes = delta(-1);
  if (likes === 0 && dislikes === 0) {
    return;
  }
  await tx
    .update(articles)
    .set({
      likesCount: sql`greatest(${articles.likesCount} + ${likes}, 0)`,
      dislikesCount: sql`greatest(${articles.dislikesCount} + ${dislikes}, 0)`,
    })
    .where(eq(articles.id, articleId));
}

/** Sets the member's reaction to `value` (switching moves both counters). */
export async function setReaction(tx: DbOrTx, ref: Ref, value: 1 | -1): Promise<void> {
  // The member's row is locked (or created) first, so two taps at once count once.
  const inserted = await tx
    .insert(articleReactions)
    .values({ ...ref, value })
    .onConflictDoNothing()
    .returning({ value: articleReactions.value });
  if (inserted.length === 1) {
    await bumpCounters(tx, ref.articleId, value, null);
    return;
  }
  const [current] = await tx
    .select({ value: articleReactions.value })
    .from(articleReactions)
    .where(ofMember(ref))
    .for('update');
  if (!current || current.value === value) {
    return;
  }
  await tx.update(articleReactions).set({ value }).where(ofMember(ref));
  await bumpCounters(tx, ref.articleId, value, current.value);
}

export async function removeReaction(tx: DbOrTx, ref: Ref): Promise<void> {
  const [removed] = await tx
    .delete(articleReactions)
    .where(ofMember(ref))
    .returning({ value: articleReactions.value });
  if (removed) {
    await bumpCounters(tx, ref.articleId, null, removed.value);
  }
}

export async function addFavorite(db: DbOrTx, ref: Ref): Promise<void> {
  await db.insert(articleFavorites).values(ref).onConflictDoNothing();
}

export async function removeFavorite(db: DbOrTx, ref: Ref): Promise<void> {
  await db
    .delete(articleFavorites)
    .where(and(eq(articleFavorites.articleId, ref.articleId), eq(articleFavorites.profileId, ref.profileId)));
}

/** The article's counters with the member's reaction and favourite. */
export async function standingOf(db: DbOrTx, ref: Ref) {
  const [row] = await db
    .select({
      likes: articles.likesCount,
      dislikes: articles.dislikesCount,
      reaction: articleReactions.value,
      favoriteAt: articleFavorites.createdAt,
    })
    .from(articles)
    .leftJoin(
      articleReactions,
      and(eq(articleReactions.articleId, articles.id), eq(articleReactions.profileId, ref.profileId)),
    )
    .leftJoin(
      articleFavorites,
      and(eq(articleFavorites.articleId, articles.id), eq(articleFavorites.profileId, ref.profileId)),
    )
    .where(eq(articles.id, ref.articleId));
  return row;
}
