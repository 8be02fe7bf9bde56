/** Addresses of the courses' screens: the catalogue, a course, a lesson and its editor. */
export const coursesLinks = {
  catalogue: (appSlug: string) => `/${appSlug}/courses`,
  course: (appSlug: string, courseSlug: string) => `/${appSlug}/courses/c/${courseSlug}`,
  lesson: (appSlug: string, lessonSlug: string) => `/${appSlug}/courses/l/${lessonSlug}`,
  editLesson: (appSlug: string, lessonSlug: string) => `/${appSlug}/courses/l/${lessonSlug}/edit`,
};
