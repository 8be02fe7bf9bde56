import type { LessonCreateBody, LessonPatchBody } from '../../../contracts/courses-lessons.ts';
import { parseVideoUrl } from '../../../contracts/video.ts';
import { richTextLinkHref } from '../../../contracts/rich-text.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { courseLessons, LessonTodo, LessonVideoRef } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import { projectFileTypes } from '../cloud/public.ts';
import { findParticipantIds } from '../community/public.ts';
import type { AppAccess } from '../workspace/public.ts';

const invalid = 'validation.invalidValue';

export type LessonValues = Partial<typeof courseLessons.$inferInsert>;

/** Which kind of library file each media field takes. */
const fileKinds = {
  pictureIds: ['image'],
  audioIds: ['audio'],
  attachmentIds: ['image', 'video', 'audio', 'other'],
} as const;

/**
 * The lesson form's columns (COURSES-18, 19): the body through the community's rich-text allow-list, videos as
 * library videos or YouTube / Vimeo / Loom links (GAPS 35), media among the project's live files of the right
 * type, speakers among the app's members, links with http(s) addresses; 400 naming every refused field.
 */
export async function lessonValues(
  db: DbOrTx,
  app: AppAccess,
  input: LessonCreateBody | LessonPatchBody,
  options: { imageOrigins: readonly string[] },
): Promise<{ values: LessonValues; slug?: string }> {
  const values: LessonValues = {};
  const errors: Record<string, string> = {};
  const copied = [
    'name',
    'coverType',
    'completion',
    'speakersNote',
    'isActive',
    'dripDays',
    'dripDate',
  ] as const;
  for (const field of copied) {
    if (input[field] !== undefined) {
      Object.assign(values, { [field]: input[field] });
    }
  }
  if (input.body !== undefined) {
    values.bodyHtml = sanitizeRichText(input.body, { field: 'body', imageOrigins: options.imageOrigins });
  }
  if (input.links !== undefined) {
    values.links = input.links.map((link, index) => {
      const href = richTextLinkHref(link.url);
      if (!href) {
        errors[`links.${index}.url`] = 'validation.url';
      }
      return { title: link.title, url: href ?? link.url };
    });
  }
  if (input.todoList !== undefined) {
    const ids = new Set<string>();
    values.todoList = input.todoList.map((todo): LessonTodo => {
      const id = todo.id && !ids.has(todo.id) ? todo.id : newId().slice(0, 12);
      ids.add(id);
      return { id, text: todo.text };
    });
  }
  const fileIds = [
    ...(input.pictureIds ?? []),
    ...(input.audioIds ?? []),
    ...(input.attachmentIds ?? []),
    ...(input.videos ?? []).flatMap((video) => ('fileId' in video ? [video.fileId] : [])),
  ];
  const types = await projectFileTypes(db, app.project.id, fileIds);
  for (const field of ['pictureIds', 'audioIds', 'attachmentIds'] as const) {
    const ids = input[field];
    if (ids !== undefined) {
      const unique = [...new Set(ids)];
      unique.forEach((id, index) => {
        const type = types.get(id);
        if (!type || !(fileKinds[field] as readonly string[]).includes(type)) {
          errors[`${field}.${index}`] = invalid;
        }
      });
      values[field] = unique;
    }
  }
  if (input.videos !== undefined) {
    values.videos = input.videos.map((video, index): LessonVideoRef => {
      if ('fileId' in video) {
        if (types.get(video.fileId) !== 'video') {
          errors[`videos.${index}`] = invalid;
        }
        return { fileId: video.fileId };
      }
      const parsed = parseVideoUrl(video.url);
      if (!parsed) {
        errors[`videos.${index}.url`] = 'validation.validateVideoUrl';
        return { url: video.url, host: '', id: '' };
      }
      return { url: video.url, host: parsed.host, id: parsed.id };
    });
  }
  if (input.speakerIds !== undefined) {
    const ids = [...new Set(input.speakerIds)];
    const found = await findParticipantIds(db, app.app.id, ids);
    ids.forEach((id, index) => found.has(id) || (errors[`speakerIds.${index}`] = invalid));
    values.speakerIds = ids;
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
  return input.slug ? { values, slug: input.slug } : { values };
}
