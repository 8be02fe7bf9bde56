import type { CourseCreateBody, CoursePatchBody } from '../../../contracts/courses.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { courses } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { pictureFieldErrors } from '../cloud/public.ts';
import { findParticipantIds } from '../community/public.ts';
import { levelFieldErrors } from '../gamification/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { categoryIdsOfApp } from './courses.repo.ts';

const invalid = 'validation.invalidValue';

export type CourseForm = {
  values: Partial<typeof courses.$inferInsert>;
  categoryIds?: string[];
  speakerIds?: string[];
  slug?: string;
};

const copied = [
  'type',
  'name',
  'note',
  'modulesName',
  'isPublished',
  'isShowedOnlyByDirectLink',
  'isMadeModulesObligatory',
  'isSpeakersShown',
  'isMembersNotified',
  'limitAccessByTime',
  'dripContent',
  'access',
  'requiredStatusId',
] as const;

/**
 * The course form's columns (COURSES-02, 04), with every reference checked against the app: categories of the
 * app, speakers among its live members, a cover among the project's pictures (400 naming each field).
 */
export async function courseForm(
  db: DbOrTx,
  app: AppAccess,
  input: CourseCreateBody | CoursePatchBody,
  current?: { coverId: string | null },
): Promise<CourseForm> {
  const values: CourseForm['values'] = {};
  for (const field of copied) {
    if (input[field] !== undefined) {
      Object.assign(values, { [field]: input[field] });
    }
  }
  const errors: Record<string, string> = {};
  const form: CourseForm = { values };
  if (input.coverId !== undefined) {
    values.coverId = input.coverId;
    if (input.coverId !== current?.coverId) {
      Object.assign(errors, await pictureFieldErrors(db, app.project.id, { coverId: input.coverId }));
    }
  }
  if (input.categoryIds !== undefined) {
    const ids = [...new Set(input.categoryIds)];
    const found = await categoryIdsOfApp(db, app.app.id, ids);
    ids.forEach((id, index) => found.has(id) || (errors[`categoryIds.${index}`] = invalid));
    form.categoryIds = ids;
  }
  if (input.speakerIds !== undefined) {
    const ids = [...new Set(input.speakerIds)];
    const found = await findParticipantIds(db, app.app.id, ids);
    ids.forEach((id, index) => found.has(id) || (errors[`speakerIds.${index}`] = invalid));
    form.speakerIds = ids;
  }
  Object.assign(errors, await levelFieldErrors(db, app.app.id, input.requiredStatusId));
  if (input.slug !== undefined && input.slug !== '') {
    form.slug = input.slug;
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
  return form;
}
