import type { PostCreateBody, PostPatchBody } from '../../../contracts/community-posts.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { slugify } from '../../../contracts/slug.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import type { AppAccess } from '../workspace/public.ts';
import { isCommunityManager, type CommunityActor } from './community.policy.ts';
import { findLibraryFiles, isSlugTaken, type NewPostRow, type PostRow } from './posts.repo.ts';
import { findPostIdOfVote, findVote, isVoteInChat } from './votes.repo.ts';

/*
 * The post form (spec §3) checked against the database: rich text through the allow-list, the pictures and
 * media the cloud picker could have offered, the poll, the slug, the schedule. Shared by create and edit;
 * only values that change are checked again (a moderator may keep the author's cover).
 */

export const slugTaken = () =>
  new AppError(409, errorCodes.slugTaken, { errors: { slug: 'validation.slugTaken' } });

/** Slugs a post cannot have: `GET /posts/meta` would answer instead of `GET /posts/{slug}`. */
export const reservedPostSlugs: readonly string[] = ['meta'];

/** A name's slug (`post` when the name has no Latin letters or digits at all), never a reserved one. */
export function slugBaseOf(name: string): string {
  const base = slugify(name).slice(0, 180).replace(/-+$/, '') || 'post';
  return reservedPostSlugs.includes(base) ? `${base}-post` : base;
}

/** Accepts a known IANA time zone (what the schedule picker offers). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export type FormContext = {
  app: AppAccess;
  actor: CommunityActor;
  imageOrigins: readonly string[];
  /** The post being edited (create: none). */
  current?: PostRow;
};

type FormInput = PostCreateBody | PostPatchBody;

/** Column values of the fields sent, checked (400 with `errors` per field, 409 for a taken slug). */
export async function formValues(
  db: DbOrTx,
  input: FormInput,
  context: FormContext,
): Promise<Partial<NewPostRow>> {
  const { current } = context;
  const values: Partial<NewPostRow> = {};
  const errors: Record<string, string> = {};
  if (input.name !== undefined) {
    values.name = input.name;
  }
  if (input.body !== undefined) {
    values.bodyHtml = sanitizeRichText(input.body, { field: 'body', imageOrigins: context.imageOrigins });
    values.bodyText = richTextToPlainText(values.bodyHtml);
  }
  for (const key of [
    'isCommentsDisabled',
    'isLikesDisabled',
    'isShareDisabled',
    'metaTitle',
    'metaDescription',
    'ogTitle',
    'ogDescription',
  ] as const) {
    if (input[key] !== undefined) {
      (values as Record<string, unknown>)[key] = input[key];
    }
  }
  if (input.timeZone !== undefined) {
    if (input.timeZone !== null && !isTimeZone(input.timeZone)) {
      errors.timeZone = 'validation.invalidValue';
    }
    values.timeZone = input.timeZone;
  }
  Object.assign(errors, await fileErrors(db, input, context, values));
  if (input.voteId !== undefined && input.voteId !== (current?.voteId ?? null)) {
    if (input.voteId !== null && !(await isAttachableVote(db, input.voteId, context))) {
      errors.voteId = 'validation.invalidValue';
    }
    values.voteId = input.voteId;
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
  if (input.slug !== undefined && input.slug !== current?.slug) {
    if (
      reservedPostSlugs.includes(input.slug) ||
      (await isSlugTaken(db, context.app.app.id, input.slug, current?.id))
    ) {
      throw slugTaken();
    }
    values.slug = input.slug;
  }
  return values;
}

/** Pictures and media: live files of the app's project the caller could pick (their own; any for managers). */
async function fileErrors(
  db: DbOrTx,
  input: FormInput,
  context: FormContext,
  values: Partial<NewPostRow>,
): Promise<Record<string, string>> {
  const { current } = context;
  const owner = isCommunityManager(context.actor) ? undefined : (context.app.accountId ?? undefined);
  const projectId = context.app.project.id;
  const errors: Record<string, string> = {};
  const pictures = (['coverId', 'ogImageId'] as const).flatMap((field) => {
    const id = input[field];
    if (id === undefined) {
      return [];
    }
    values[field] = id;
    return id !== null && id !== current?.[field] ? [[field, id] as const] : [];
  });
  if (pictures.length > 0) {
    const found = await findLibraryFiles(
      db,
      projectId,
      pictures.map(([, id]) => id),
      { ownerAccountId: owner, imagesOnly: true },
    );
    const ok = new Set(found.map((file) => file.id));
    for (const [field, id] of pictures) {
      if (!ok.has(id)) {
        errors[field] = 'validation.invalidValue';
      }
    }
  }
  if (input.mediaIds !== undefined) {
    const kept = new Set(current?.mediaIds ?? []);
    const added = input.mediaIds.filter((id) => !kept.has(id));
    const found = new Set(
      (await findLibraryFiles(db, projectId, added, { ownerAccountId: owner })).map((file) => file.id),
    );
    input.mediaIds.forEach((id, index) => {
      if (!kept.has(id) && !found.has(id)) {
        errors[`mediaIds.${index}`] = 'validation.invalidValue';
      }
    });
    if (new Set(input.mediaIds).size !== input.mediaIds.length) {
      errors.mediaIds = 'validation.unique';
    }
    values.mediaIds = [...input.mediaIds];
  }
  return errors;
}

/** A poll of the same app that the caller made and no live post carries yet. */
async function isAttachableVote(db: DbOrTx, voteId: string, context: FormContext): Promise<boolean> {
  const vote = await findVote(db, voteId);
  if (!vote || vote.appId !== context.app.app.id || vote.authorProfileId !== context.actor.profileId) {
    return false;
  }
  const carrier = await findPostIdOfVote(db, voteId);
  return (carrier === undefined || carrier === context.current?.id) && !(await isVoteInChat(db, voteId));
}

/**
 * When the post goes out: `publishAt` in the future schedules it; absent, null or past publishes at once
 * (the stored `publishAt` is then null: nothing was scheduled).
 */
export function scheduleOf(publishAt: string | null | undefined, now = Date.now()): Date | null {
  if (!publishAt) {
    return null;
  }
  const at = new Date(publishAt);
  return at.getTime() > now ? at : null;
}
