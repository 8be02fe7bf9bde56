import type { EventCategory } from '../../../contracts/events.ts';
import type { EventCategoryWithCount } from './event-categories.repo.ts';

export function presentEventCategory(row: EventCategoryWithCount): EventCategory {
  return { id: row.id, name: row.name, position: row.position, eventsCount: row.eventsCount };
}
