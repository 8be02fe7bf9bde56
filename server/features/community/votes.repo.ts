import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { chatMessages, communityPosts, voteAnswers, voteOptions, votes } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { noProfileId } from './posts.repo.ts';

/*
 * Polls (a post's `voteId`): the poll, its options with their counts, who chose what. Counts live on the rows
 * (`answers_count` per option, `voters_count` per poll) and move in the transaction of the answer.
 */

export type VoteRow = typeof votes.$inferSelect;

export type VoteView = {
  vote: VoteRow;
  options: { id: string; text: string; answersCount: number }[];
  /** The viewer's chosen option ids. */
  answered: string[];
};

const voteViewsByIds = preparedQuery((db) =>
  db
    .select({
      vote: votes,
      options: sql<VoteView['options']>`coalesce((
        select json_agg(json_build_object('id', o.id, 'text', o.text, 'answersCount', o.answers_count) order by o.position)
        from ${voteOptions} o where o.vote_id = ${votes}.id
      ), '[]'::json)`,
      answered: sql<string[]>`coalesce((
        select array_agg(a.option_id) from ${voteAnswers} a
        where a.vote_id = ${votes.id} and a.profile_id = ${sql.placeholder('viewerId')}::uuid
      ), '{}'::uuid[])`,
    })
    .from(votes)
    .where(sql`${votes.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('community_vote_views_by_ids'),
);

/** The polls of `ids` with their options and the viewer's choice, by id. */
export async function findVoteViews(
  db: DbOrTx,
  ids: readonly string[],
  viewerProfileId: string | null,
): Promise<Map<string, VoteView>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await voteViewsByIds(db).execute({ ids: [...ids], viewerId: viewerProfileId ?? noProfileId });
  return new Map(rows.map((row) => [row.vote.id, row]));
}

export async function findVote(db: DbOrTx, id: string): Promise<VoteRow | undefined> {
  const [row] = await db.select().from(votes).where(eq(votes.id, id));
  return row;
}

/** The live post a poll hangs on, if any. */
export async function findPostIdOfVote(db: DbOrTx, voteId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(and(eq(communityPosts.voteId, voteId), isNull(communityPosts.deletedAt)))
    .limit(1);
  return row?.id;
}

/** Whether a chat message carries the poll (then no post may). */
export async function isVoteInChat(db: DbOrTx, voteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.voteId, voteId))
    .limit(1);
  return row !== undefined;
}

/** Creates a poll with its options in the given order. */
export async function insertVote(
  tx: DbOrTx,
  values: {
    appId: string;
    authorProfileId: string;
    question: string;
    isMultiple: boolean;
    endsAt: Date | null;
  },
  options: readonly string[],
): Promise<string> {
  const id = newId();
  await tx.insert(votes).values({ id, ...values });
  await tx
    .insert(voteOptions)
    .values(options.map((text, index) => ({ id: newId(), voteId: id, text, position: index + 1 })));
  return id;
}

/** Locks the poll for one answer at a time and reads it again (its end may have passed meanwhile). */
export async function lockVote(tx: DbOrTx, id: string): Promise<VoteRow | undefined> {
  const [row] = await tx.select().from(votes).where(eq(votes.id, id)).for('update');
  return row;
}

export async function optionIdsOf(tx: DbOrTx, voteId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: voteOptions.id })
    .from(voteOptions)
    .where(eq(voteOptions.voteId, voteId))
    .orderBy(voteOptions.position);
  return rows.map((row) => row.id);
}

/**
 * Replaces the profile's answer with `optionIds`: the counts of the options left and chosen and the number of
 * voters move with it (run with the poll locked).
 */
export async function replaceAnswer(
  tx: DbOrTx,
  voteId: string,
  profileId: string,
  optionIds: readonly string[],
): Promise<void> {
  const removed = await tx
    .delete(voteAnswers)
    .where(and(eq(voteAnswers.voteId, voteId), eq(voteAnswers.profileId, profileId)))
    .returning({ optionId: voteAnswers.optionId });
  if (removed.length > 0) {
    await tx
      .update(voteOptions)
      .set({ answersCount: sql`greatest(${voteOptions.answersCount} - 1, 0)` })
      .where(
        inArray(
          voteOptions.id,
          removed.map((row) => row.optionId),
        ),
      );
  }
  await tx.insert(voteAnswers).values(optionIds.map((optionId) => ({ voteId, optionId, profileId })));
  await tx
    .update(voteOptions)
    .set({ answersCount: sql`${voteOptions.answersCount} + 1` })
    .where(inArray(voteOptions.id, [...optionIds]));
  if (removed.length === 0) {
    await tx
      .update(votes)
      .set({ votersCount: sql`${votes.votersCount} + 1` })
      .where(eq(votes.id, voteId));
  }
}

/** A copy of a poll (question, options, end) without answers, for a cloned post. */
export async function copyVote(tx: DbOrTx, source: VoteRow, authorProfileId: string): Promise<string> {
  const options = await tx
    .select({ text: voteOptions.text })
    .from(voteOptions)
    .where(eq(voteOptions.voteId, source.id))
    .orderBy(voteOptions.position);
  return insertVote(
    tx,
    {
      appId: source.appId,
      authorProfileId,
      question: source.question,
      isMultiple: source.isMultiple,
      endsAt: source.endsAt,
    },
    options.map((option) => option.text),
  );
}
