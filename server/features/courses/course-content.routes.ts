import type { CourseDeps } from './index.ts';

export function courseContentRoutes(_deps: CourseDeps) {
  return [];
}
