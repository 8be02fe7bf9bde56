import type { CourseCategory } from '../../../contracts/courses.ts';
import type { CourseCategoryWithCount } from './course-categories.repo.ts';

export function presentCourseCategory(row: CourseCategoryWithCount): CourseCategory {
  return { id: row.id, name: row.name, position: row.position, coursesCount: row.coursesCount };
}
