import type { LessonCompletion } from '../../../contracts/courses';
import type { Lesson, LessonPatchBody } from '../../../contracts/courses-lessons';
import type { LessonType } from '../../../contracts/enums';
import { dripBodyOf, dripValuesOf, type DripValues } from './module-dialogs';

export type PickedFile = { id: string; name: string };
export type VideoItem = { kind: 'file'; fileId: string; name: string } | { kind: 'url'; url: string };
export type LinkItem = { title: string; url: string };
export type TodoItem = { id?: string; text: string };

export type LessonFormValues = {
  name: string;
  slug: string;
  coverType: LessonType;
  completion: LessonCompletion;
  body: string;
  videos: VideoItem[];
  pictures: PickedFile[];
  audios: PickedFile[];
  attachments: PickedFile[];
  links: LinkItem[];
  todoList: TodoItem[];
  speakersNote: string;
  drip: DripValues;
  isActive: boolean;
};

const picked = (files: { id: string; name: string }[]) => files.map(({ id, name }) => ({ id, name }));

export function lessonFormValues(lesson: Lesson): LessonFormValues {
  return {
    name: lesson.name,
    slug: lesson.slug,
    coverType: lesson.coverType,
    completion: lesson.completion,
    body: lesson.body,
    videos: lesson.videos.map((video) =>
      video.kind === 'file'
        ? { kind: 'file', fileId: video.fileId, name: video.name }
        : { kind: 'url', url: video.url },
    ),
    pictures: picked(lesson.pictures),
    audios: picked(lesson.audios),
    attachments: picked(lesson.attachments),
    links: lesson.links.map(({ title, url }) => ({ title, url })),
    todoList: lesson.todoList.map(({ id, text }) => ({ id, text })),
    speakersNote: lesson.speakersNote,
    drip: dripValuesOf(lesson),
    isActive: lesson.isActive,
  };
}

/** The PATCH body: empty rows of the lists are left out rather than refused. */
export function lessonBodyOf(values: LessonFormValues): LessonPatchBody {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    coverType: values.coverType,
    completion: values.completion,
    body: values.body,
    videos: values.videos.flatMap((video): ({ fileId: string } | { url: string })[] =>
      video.kind === 'file'
        ? [{ fileId: video.fileId }]
        : video.url.trim()
          ? [{ url: video.url.trim() }]
          : [],
    ),
    pictureIds: values.pictures.map((file) => file.id),
    audioIds: values.audios.map((file) => file.id),
    attachmentIds: values.attachments.map((file) => file.id),
    links: values.links
      .filter((link) => link.title.trim() || link.url.trim())
      .map((link) => ({ title: link.title.trim(), url: link.url.trim() })),
    todoList: values.todoList
      .filter((todo) => todo.text.trim())
      .map((todo) => (todo.id ? { id: todo.id, text: todo.text.trim() } : { text: todo.text.trim() })),
    speakersNote: values.speakersNote,
    ...dripBodyOf(values.drip),
    isActive: values.isActive,
  };
}
