import { and, count, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { courses } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';

/** Which live courses a picker offers: drafts too or published only, and whether link-only ones are among them. */
export type CourseChoiceFilter = { drafts: boolean; linkOnly: boolean };

/** The app's live courses for a picker, newest first: the given `courseIds`, else names containing `search`. */
export async function courseChoices(
  db: DbOrTx,
  appId: string,
  query: CourseChoiceFilter & {
    courseIds: readonly string[] | undefined;
    search: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: { id: string; name: string }[]; total: number }> {
  const where = and(
    eq(courses.appId, appId),
    isNull(courses.deletedAt),
    query.drafts ? undefined : eq(courses.isPublished, true),
    query.linkOnly ? undefined : eq(courses.isShowedOnlyByDirectLink, false),
    query.courseIds
      ? inArray(courses.id, [...query.courseIds])
      : query.search
        ? ilike(courses.name, containsPattern(query.search))
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: courses.id, name: courses.name })
      .from(courses)
      .where(where)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
