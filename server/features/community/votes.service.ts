import {
  pollLimits,
  type Vote,
  type VoteAnswerBody,
  type VoteCreateBody,
} from '../../../contracts/community-posts.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { presentVote } from './posts.presenter.ts';
import { findVoteViews, insertVote, lockVote, optionIdsOf, replaceAnswer } from './votes.repo.ts';
import { isVoteClosed, type PollMakerAccess, type VoteAccess } from './votes.scopes.ts';

/*
 * Polls: made by a member for a post they write, answered by whoever may take part in that post. One answer
 * per member, replaced while the poll runs; a single-choice poll takes exactly one option. The counts are kept
 * on the options in the answer's transaction, with the poll locked, so they always add up.
 */

export function createVoteService(deps: { db: Db }) {
  const { db } = deps;

  async function present(voteId: string, profileId: string | null, canAnswer: boolean): Promise<Vote> {
    const view = (await findVoteViews(db, [voteId], profileId)).get(voteId);
    if (!view) {
      throw notFound();
    }
    return presentVote(view, canAnswer);
  }

  return {
    async create(access: PollMakerAccess, input: VoteCreateBody): Promise<Vote> {
      const errors: Record<string, string> = {};
      const endsAt = input.endsAt ? new Date(input.endsAt) : null;
      if (endsAt && endsAt.getTime() <= Date.now()) {
        errors.endsAt = 'validation.invalidValue';
      }
      if (input.options.length < pollLimits.minOptions) {
        errors.options = 'validation.validateMinLength';
      }
      const seen = new Set<string>();
      input.options.forEach((option, index) => {
        const key = option.toLowerCase();
        if (seen.has(key)) {
          errors[`options.${index}`] = 'validation.unique';
        }
        seen.add(key);
      });
      if (Object.keys(errors).length > 0) {
        throw badRequest(errors);
      }
      const id = await db.transaction((tx) =>
        insertVote(
          tx,
          {
            appId: access.app.app.id,
            authorProfileId: access.profileId!,
            question: input.question,
            isMultiple: input.isMultiple,
            endsAt,
          },
          input.options,
        ),
      );
      // Not on a post yet: nobody answers it before it is posted.
      return present(id, access.profileId, false);
    },

    get: (access: VoteAccess): Promise<Vote> =>
      present(access.vote.id, access.app.profile?.id ?? null, access.can.includes('answer')),

    async answer(access: VoteAccess, input: VoteAnswerBody): Promise<Vote> {
      const profileId = access.actor.profileId!;
      await answerVote(db, access.vote.id, profileId, input.optionIds);
      return present(access.vote.id, profileId, true);
    },
  };
}

export type VoteService = ReturnType<typeof createVoteService>;

/**
 * Records a person's whole choice in a poll (replacing an earlier one), with the poll locked so the counts add
 * up: 403 once it ended; 400 for no option, an option twice, one of another poll, or not exactly one in a
 * single-choice poll. Who may answer is the caller's scope's business (a post's reader, a chat's member).
 */
export async function answerVote(
  db: Db,
  voteId: string,
  profileId: string,
  optionIds: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const vote = await lockVote(tx, voteId);
    if (!vote || isVoteClosed(vote)) {
      throw forbidden();
    }
    if (optionIds.length === 0) {
      throw badRequest({ optionIds: 'validation.required' });
    }
    const duplicate = optionIds.findIndex((id, index) => optionIds.indexOf(id) !== index);
    if (duplicate !== -1) {
      throw badRequest({ [`optionIds.${duplicate}`]: 'validation.unique' });
    }
    const options = new Set(await optionIdsOf(tx, vote.id));
    const unknown = optionIds.findIndex((id) => !options.has(id));
    if (unknown !== -1) {
      throw badRequest({ [`optionIds.${unknown}`]: 'validation.invalidValue' });
    }
    if (!vote.isMultiple && optionIds.length !== 1) {
      throw badRequest({ optionIds: 'validation.invalidValue' });
    }
    await replaceAnswer(tx, vote.id, profileId, [...optionIds]);
  });
}
