import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apps, courseFeedTokens, courseLessons, courses, profiles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';

/** The member's live feed token of the course, made on the first ask. */
export async function liveFeedToken(
  db: DbOrTx,
  courseId: string,
  profileId: string,
  nonce: string,
): Promise<{ id: string; nonce: string }> {
  // Two asks at once: the partial unique index keeps one live row, and both read it.
  await db.insert(courseFeedTokens).values({ id: newId(), courseId, profileId, nonce }).onConflictDoNothing();
  const [row] = await db
    .select({ id: courseFeedTokens.id, nonce: courseFeedTokens.nonce })
    .from(courseFeedTokens)
    .where(
      and(
        eq(courseFeedTokens.courseId, courseId),
        eq(courseFeedTokens.profileId, profileId),
        isNull(courseFeedTokens.revokedAt),
      ),
    );
  return row!;
}

export async function revokeFeedToken(db: DbOrTx, courseId: string, profileId: string): Promise<void> {
  await db
    .update(courseFeedTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(courseFeedTokens.courseId, courseId),
        eq(courseFeedTokens.profileId, profileId),
        isNull(courseFeedTokens.revokedAt),
      ),
    );
}

/**
 * A live token with what its feed is written for: the course, its app and the member's profile (deleted or not:
 * a member who left gets the "access ended" notice). Undefined when revoked or unknown.
 */
export async function findFeedOwner(db: DbOrTx, tokenId: string) {
  const [row] = await db
    .select({
      nonce: courseFeedTokens.nonce,
      course: courses,
      app: { id: apps.id, slug: apps.slug, name: apps.name, language: apps.language },
      profile: {
        id: profiles.id,
        accountId: profiles.accountId,
        language: profiles.language,
        deletedAt: profiles.deletedAt,
      },
    })
    .from(courseFeedTokens)
    .innerJoin(courses, eq(courses.id, courseFeedTokens.courseId))
    .innerJoin(apps, eq(apps.id, courses.appId))
    .innerJoin(profiles, eq(profiles.id, courseFeedTokens.profileId))
    .where(and(eq(courseFeedTokens.id, tokenId), isNull(courseFeedTokens.revokedAt)));
  return row;
}

export type FeedOwner = NonNullable<Awaited<ReturnType<typeof findFeedOwner>>>;

/** What an episode shows of the course's lessons `ids`, by id. */
export async function episodeLessons(db: DbOrTx, courseId: string, ids: readonly string[]) {
  if (ids.length === 0) {
    return new Map<string, EpisodeLesson>();
  }
  const rows = await db
    .select({
      id: courseLessons.id,
      name: courseLessons.name,
      bodyHtml: courseLessons.bodyHtml,
      audioIds: courseLessons.audioIds,
      videos: courseLessons.videos,
      createdAt: courseLessons.createdAt,
    })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), inArray(courseLessons.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row]));
}

export type EpisodeLesson = {
  id: string;
  name: string;
  bodyHtml: string;
  audioIds: string[];
  videos: (typeof courseLessons.$inferSelect)['videos'];
  createdAt: Date;
};
