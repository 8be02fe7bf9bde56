import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { communityCategories, communityPosts, communitySpaces } from '../../db/schema/index.ts';
import type { CategoryRow, PostRow, SpaceRow } from './community.access.ts';

/** A live post of the app by its share hash (unique across apps; the app must match). */
export async function findPostByShareHash(
  db: DbOrTx,
  appId: string,
  shareHash: string,
): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.shareHash, shareHash),
        eq(communityPosts.appId, appId),
        isNull(communityPosts.deletedAt),
      ),
    );
  return row;
}

/** A live post of the app by its slug. */
export async function findPostBySlug(db: DbOrTx, appId: string, slug: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(communityPosts)
    .where(
      and(eq(communityPosts.appId, appId), eq(communityPosts.slug, slug), isNull(communityPosts.deletedAt)),
    );
  return row;
}

/** The space or the category a post lies in. */
export async function findContainer(
  db: DbOrTx,
  post: Pick<PostRow, 'spaceId' | 'categoryId'>,
): Promise<{ space: SpaceRow | null; category: CategoryRow | null }> {
  if (post.spaceId) {
    const [space] = await db.select().from(communitySpaces).where(eq(communitySpaces.id, post.spaceId));
    return { space: space ?? null, category: null };
  }
  const [category] = await db
    .select()
    .from(communityCategories)
    .where(eq(communityCategories.id, post.categoryId!));
  return { space: null, category: category ?? null };
}
