import {
  postCreateBodySchema,
  type Post,
  type PostCreateBody,
  type PostMedia,
  type PostPatchBody,
  type PostPicture,
} from '../../../../contracts/community-posts';
import { validationKeys, type ValidationIssue } from '../../../../contracts/validation';
import { emptyPoll, pollIssuesOf, type PollDraft, type PollIssues } from './poll-values';
import { instantToZoned, zonedToInstant } from '../../../kernel/zoned-time';

/*
 * The post form of spec §3 ("Post: name, body, coverId, slug, publishAt, timeZone, voteId, media, comment/like/
 * share disable flags, pin flags, meta and opengraph fields") as the composer holds it, and the request bodies
 * it becomes. Pure: the composer's rules are tested here, without a browser.
 */

/** Where a new post goes: a space (discriminator `groups`) or a communities category (`communities`). */
export type ComposerTarget = {
  kind: 'space' | 'category';
  id: string;
  name: string;
  /** The container's `create_scheduled_post`: only then the composer offers a schedule. */
  canSchedule: boolean;
};

export type ScheduleValues = {
  enabled: boolean;
  date: string;
  time: string;
  timeZone: string;
};

export type ComposerValues = {
  name: string;
  body: string;
  cover: PostPicture | null;
  media: PostMedia[];
  /** A poll being built (created through the API on submit), or null. */
  poll: PollDraft | null;
  /** Edit mode: the poll the post already has (kept unless removed). */
  voteId: string | null;
  schedule: ScheduleValues;
  isCommentsDisabled: boolean;
  isLikesDisabled: boolean;
  isShareDisabled: boolean;
  slug: string;
  metaTitle: string;
  metaDescription: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: PostPicture | null;
};

/** The form's fields that can carry an issue (the server's names where they match). */
export type ComposerField =
  | 'target'
  | 'name'
  | 'body'
  | 'slug'
  | 'coverId'
  | 'mediaIds'
  | 'voteId'
  | 'publishAt'
  | 'timeZone'
  | 'metaTitle'
  | 'metaDescription'
  | 'ogTitle'
  | 'ogDescription'
  | 'ogImageId';

export type ComposerIssues = Partial<Record<ComposerField, ValidationIssue>>;

/** Fields of the "advanced" section: an issue there opens it. */
export const advancedFields: readonly ComposerField[] = [
  'slug',
  'metaTitle',
  'metaDescription',
  'ogTitle',
  'ogDescription',
  'ogImageId',
];

export function emptyComposerValues(timeZone: string): ComposerValues {
  return {
    name: '',
    body: '',
    cover: null,
    media: [],
    poll: null,
    voteId: null,
    schedule: { enabled: false, date: '', time: '', timeZone },
    isCommentsDisabled: false,
    isLikesDisabled: false,
    isShareDisabled: false,
    slug: '',
    metaTitle: '',
    metaDescription: '',
    ogTitle: '',
    ogDescription: '',
    ogImage: null,
  };
}

/** An existing post as the form edits it; a scheduled post shows its time on the zone it was planned in. */
export function composerValuesOf(post: Post, fallbackTimeZone: string): ComposerValues {
  const timeZone = post.timeZone ?? fallbackTimeZone;
  const scheduled = post.isScheduled && post.publishAt !== null;
  const parts =
    scheduled && post.publishAt ? instantToZoned(post.publishAt, timeZone) : { date: '', time: '' };
  return {
    name: post.name,
    body: post.body,
    cover: post.cover,
    media: post.media,
    poll: null,
    voteId: post.vote?.id ?? null,
    schedule: { enabled: scheduled, ...parts, timeZone },
    isCommentsDisabled: post.isCommentsDisabled,
    isLikesDisabled: post.isLikesDisabled,
    isShareDisabled: post.isShareDisabled,
    slug: post.slug,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    ogTitle: post.ogTitle,
    ogDescription: post.ogDescription,
    ogImage: post.ogImage,
  };
}

export const startPoll = (values: ComposerValues): ComposerValues => ({ ...values, poll: emptyPoll() });

/** The instant the schedule means, or null when it is off or incomplete. */
export function publishAtOf(schedule: ScheduleValues): string | null {
  return schedule.enabled ? zonedToInstant(schedule.date, schedule.time, schedule.timeZone) : null;
}

/**
 * The `POST /spaces/{id}/posts` body (also `POST /communities/categories/{id}/posts`). `voteId` is the poll
 * created just before, if any; empty optional texts are left out so the server's defaults apply.
 */
export function postCreateBodyOf(
  values: ComposerValues,
  voteId: string | null = values.voteId,
): PostCreateBody {
  const publishAt = publishAtOf(values.schedule);
  const body: PostCreateBody = {
    name: values.name.trim(),
    body: values.body,
    coverId: values.cover?.id ?? null,
    mediaIds: values.media.map((file) => file.id),
    voteId,
    publishAt,
    timeZone: publishAt ? values.schedule.timeZone : null,
    isCommentsDisabled: values.isCommentsDisabled,
    isLikesDisabled: values.isLikesDisabled,
    isShareDisabled: values.isShareDisabled,
    ogImageId: values.ogImage?.id ?? null,
  };
  const slug = values.slug.trim().toLowerCase();
  if (slug) {
    body.slug = slug;
  }
  for (const field of ['metaTitle', 'metaDescription', 'ogTitle', 'ogDescription'] as const) {
    const text = values[field].trim();
    if (text) {
      body[field] = text;
    }
  }
  return body;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The `PATCH /posts/{id}` body: only what changed against the post as it was opened, so an author without
 * `edit_publish_time` never sends a time, and a meta text cleared on purpose is sent as ''.
 */
export function postPatchBodyOf(
  initial: ComposerValues,
  values: ComposerValues,
  voteId: string | null = values.voteId,
): PostPatchBody {
  const before = { ...postCreateBodyOf(initial), ...blankTexts(initial) };
  const after = { ...postCreateBodyOf(values, voteId), ...blankTexts(values) };
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (!same(before[key], after[key])) {
      changes[key] = after[key];
    }
  }
  // The zone travels with its time: a new time in the same zone still names the zone.
  if ('publishAt' in changes) {
    changes.timeZone = after.timeZone;
  } else {
    delete changes.timeZone;
  }
  return changes;
}

/** Texts an edit may clear: sent as '' rather than left out. */
function blankTexts(values: ComposerValues) {
  return {
    metaTitle: values.metaTitle.trim(),
    metaDescription: values.metaDescription.trim(),
    ogTitle: values.ogTitle.trim(),
    ogDescription: values.ogDescription.trim(),
    ...(values.slug.trim() ? { slug: values.slug.trim().toLowerCase() } : {}),
  };
}

export type ComposerCheck = { issues: ComposerIssues; pollIssues: PollIssues };

/**
 * The form's problems: the contract's (`postCreateBodySchema`), plus a target for a new post, a complete and
 * future schedule, and the poll's own. `now` is a parameter so the rules are tested at a fixed time.
 */
export function composerIssuesOf(
  values: ComposerValues,
  { needsTarget, hasTarget, now = Date.now() }: { needsTarget: boolean; hasTarget: boolean; now?: number },
): ComposerCheck {
  const issues: ComposerIssues = {};
  const result = postCreateBodySchema.safeParse(postCreateBodyOf(values, null));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as ComposerField;
      issues[field] ??=
        issue.code === 'custom' && issue.params
          ? { key: issue.message, params: issue.params }
          : { key: issue.message };
    }
  }
  if (needsTarget && !hasTarget) {
    issues.target = { key: 'communityComposer.target.required' };
  }
  if (values.schedule.enabled) {
    const publishAt = publishAtOf(values.schedule);
    if (!values.schedule.date || !values.schedule.time || !values.schedule.timeZone) {
      issues.publishAt = { key: validationKeys.required };
    } else if (publishAt === null) {
      issues.publishAt = { key: validationKeys.invalidValue };
    } else if (new Date(publishAt).getTime() <= now) {
      issues.publishAt = { key: 'communityComposer.schedule.inPast' };
    }
  }
  const pollIssues = values.poll ? pollIssuesOf(values.poll, values.schedule.timeZone, now) : {};
  return { issues, pollIssues };
}

export const hasComposerIssues = ({ issues, pollIssues }: ComposerCheck) =>
  Object.keys(issues).length > 0 || Object.keys(pollIssues).length > 0;

/** The server's field errors (`errors`: field → `validation.*` key) on the composer's fields. */
export function composerServerIssuesOf(errors: Record<string, string>): ComposerIssues {
  const issues: ComposerIssues = {};
  for (const [path, key] of Object.entries(errors)) {
    const field = (path.split('.')[0] ?? path) as ComposerField;
    issues[field] ??= { key };
  }
  return issues;
}
