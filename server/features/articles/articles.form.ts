import type { ArticleCreateBody, ArticlePatchBody } from '../../../contracts/articles.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import { isTimezone } from '../account/public.ts';
import { pictureFieldErrors } from '../cloud/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { findCategory } from './article-categories.repo.ts';
import type { ArticleData, NewArticle } from './articles.repo.ts';

/*
 * The article form (spec §3 "Article") checked against the database: rich text through the allow-list, the cover
 * a live image of the app's project (editors manage the app, so any of its library), the category one of the
 * app's, the time zone a known IANA zone. Shared by create and edit; only values that change are checked again.
 */

export type FormContext = { app: AppAccess; imageOrigins: readonly string[]; current?: ArticleData };

/** Column values of the fields sent (400 with `errors` per field). Slug, status and schedule are the service's. */
export async function formValues(
  db: DbOrTx,
  input: ArticleCreateBody | ArticlePatchBody,
  { app, imageOrigins, current }: FormContext,
): Promise<Partial<NewArticle>> {
  const values: Partial<NewArticle> = {};
  const errors: Record<string, string> = {};
  if (input.name !== undefined) {
    values.name = input.name;
  }
  if (input.body !== undefined) {
    values.bodyHtml = sanitizeRichText(input.body, { field: 'body', imageOrigins });
    values.bodyText = richTextToPlainText(values.bodyHtml);
  }
  if (input.access !== undefined) {
    values.access = input.access;
  }
  if (input.isAnnounced !== undefined) {
    values.isAnnounced = input.isAnnounced;
  }
  if (input.timeZone !== undefined) {
    if (input.timeZone !== null && !isTimezone(input.timeZone)) {
      errors.timeZone = 'validation.invalidValue';
    }
    values.timeZone = input.timeZone;
  }
  if (input.categoryId !== undefined && input.categoryId !== current?.categoryId) {
    if (!(await findCategory(db, app.app.id, input.categoryId))) {
      errors.categoryId = 'validation.invalidValue';
    }
    values.categoryId = input.categoryId;
  }
  if (input.coverId !== undefined) {
    values.coverId = input.coverId;
    if (input.coverId !== current?.coverId) {
      Object.assign(errors, await pictureFieldErrors(db, app.project.id, { coverId: input.coverId }));
    }
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
  return values;
}

/** `publishAt` ahead schedules; absent, null or past is no schedule (an active article goes out at once). */
export function scheduleOf(publishAt: string | null | undefined, now = Date.now()): Date | null {
  if (!publishAt) {
    return null;
  }
  const at = new Date(publishAt);
  return at.getTime() > now ? at : null;
}
