import { pollLimits, voteCreateBodySchema, type VoteCreateBody } from '../../../../contracts/community-posts';
import { validationKeys } from '../../../../contracts/validation';
import type { ValidationIssue } from '../../../../contracts/validation';
import { zonedToInstant } from '../../../kernel/zoned-time';

/*
 * The poll builder's state (spec §3 Post `voteId`, issue 15 "Polls"): a question, 2–10 options, single or
 * multiple choice and an optional end. Each option carries a key of its own so the inputs keep their focus and
 * their screen-reader names while options are added and removed.
 */

export type PollOption = { key: string; text: string };

export type PollDraft = {
  question: string;
  options: PollOption[];
  isMultiple: boolean;
  /** An end date and time (YYYY-MM-DD, HH:mm) on the composer's time zone; both empty: no end. */
  endDate: string;
  endTime: string;
};

/** Issues by field: `question`, `options` (the list as a whole), `options.{index}`, `endsAt`. */
export type PollIssues = Partial<Record<string, ValidationIssue>>;

let nextKey = 0;
export const newOptionKey = () => `option-${(nextKey += 1)}`;

export function emptyPoll(): PollDraft {
  return {
    question: '',
    options: [
      { key: newOptionKey(), text: '' },
      { key: newOptionKey(), text: '' },
    ],
    isMultiple: false,
    endDate: '',
    endTime: '',
  };
}

export const canAddOption = (poll: PollDraft) => poll.options.length < pollLimits.maxOptions;
export const canRemoveOption = (poll: PollDraft) => poll.options.length > pollLimits.minOptions;

export function addOption(poll: PollDraft): PollDraft {
  return canAddOption(poll)
    ? { ...poll, options: [...poll.options, { key: newOptionKey(), text: '' }] }
    : poll;
}

export function removeOption(poll: PollDraft, key: string): PollDraft {
  return canRemoveOption(poll)
    ? { ...poll, options: poll.options.filter((option) => option.key !== key) }
    : poll;
}

export function setOptionText(poll: PollDraft, key: string, text: string): PollDraft {
  return {
    ...poll,
    options: poll.options.map((option) => (option.key === key ? { ...option, text } : option)),
  };
}

/** Whether the author started an end (one of the two fields filled). */
const hasEnd = (poll: PollDraft) => poll.endDate !== '' || poll.endTime !== '';

/** The `POST /apps/{appId}/votes` body of the draft, with its end read on `timeZone`'s clocks. */
export function pollBodyOf(poll: PollDraft, timeZone: string): VoteCreateBody {
  return {
    question: poll.question.trim(),
    options: poll.options.map((option) => option.text.trim()),
    isMultiple: poll.isMultiple,
    endsAt: hasEnd(poll) ? zonedToInstant(poll.endDate, poll.endTime, timeZone) : null,
  };
}

/**
 * The draft's problems, by the contract (`voteCreateBodySchema`), the relations the server checks (2–10 answers,
 * each once, an end in the future) and what only the form knows: an end with only a date or a time.
 */
export function pollIssuesOf(poll: PollDraft, timeZone: string, now: number = Date.now()): PollIssues {
  const body = pollBodyOf(poll, timeZone);
  const issues: PollIssues = {};
  const result = voteCreateBodySchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, index] = issue.path;
      const key = field === 'options' && typeof index === 'number' ? `options.${index}` : String(field ?? '');
      issues[key] ??=
        issue.code === 'custom' && issue.params
          ? { key: issue.message, params: issue.params }
          : { key: issue.message };
    }
  }
  // The relations the server checks on the whole form: enough answers, each once (case-insensitive).
  if (body.options.length < pollLimits.minOptions) {
    issues.options ??= { key: validationKeys.validateMinLength, params: { min: pollLimits.minOptions } };
  }
  const seen = new Set<string>();
  body.options.forEach((text, index) => {
    const folded = text.toLowerCase();
    if (folded && seen.has(folded)) {
      issues[`options.${index}`] ??= { key: validationKeys.unique };
    }
    seen.add(folded);
  });
  if (hasEnd(poll)) {
    if (body.endsAt === null || body.endsAt === undefined) {
      issues.endsAt = { key: validationKeys.required };
    } else if (new Date(body.endsAt).getTime() <= now) {
      issues.endsAt = { key: 'communityComposer.poll.endInPast' };
    }
  }
  return issues;
}

/** The server's field errors of a vote create (`options.2` → that option's input). */
export function pollServerIssuesOf(errors: Record<string, string>): PollIssues {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, { key }]));
}
