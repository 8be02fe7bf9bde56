import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  eventCategoryDropdownSchema,
  eventCategoryListSchema,
  eventCategoryResponseSchema,
  eventFeedResponseSchema,
  eventJoinResponseSchema,
  eventCalendarSchema,
  eventListSchema,
  eventResponseSchema,
  eventSettingsResponseSchema,
  eventAttendeeListSchema,
  type EventAttendanceStatus,
  type EventCategoryBody,
  type EventCreateBody,
  type EventEditScope,
  type EventPatchBody,
  type EventSettingsPatchBody,
} from '../../../contracts/events';
import type { EventListFilter } from '../../../contracts/enums';
import { api } from '../../api/client';
import { useCurrentApp } from '../../kernel/current-app';

/** Every call of the events (server/features/events, EVENTS-01…12, GAPS 15 and the additions), in one map. */
export const eventsApiPaths = {
  events: (appId: string) => `/apps/${appId}/events`,
  calendar: (appId: string) => `/apps/${appId}/events/calendar`,
  bySlug: (appId: string, slug: string) => `/apps/${appId}/events/by-slug/${encodeURIComponent(slug)}`,
  event: (id: string) => `/events/${id}`,
  join: (id: string) => `/events/${id}/join`,
  attendees: (id: string) => `/events/${id}/attendees`,
  ics: (id: string) => `/events/${id}/calendar.ics`,
  categories: (appId: string) => `/apps/${appId}/events/categories`,
  categoriesDropdown: (appId: string) => `/apps/${appId}/events/categories/dropdown`,
  category: (id: string) => `/events/categories/${id}`,
  moveCategory: (id: string) => `/events/categories/${id}/move`,
  settings: (appId: string) => `/apps/${appId}/event-settings`,
  feed: (appId: string) => `/apps/${appId}/events/feed`,
} as const;

/** Everything the events cache for one app: a write invalidates below `all`. */
export const eventsKeys = {
  all: (appId: string) => ['events', appId] as const,
  list: (appId: string, filter: EventListFilter, categoryId: string | null, timeZone: string) =>
    [...eventsKeys.all(appId), 'list', filter, categoryId, timeZone] as const,
  calendar: (appId: string, from: string, to: string, categoryId: string | null, timeZone: string) =>
    [...eventsKeys.all(appId), 'calendar', from, to, categoryId, timeZone] as const,
  bySlug: (appId: string, slug: string, occurrence: string | null) =>
    [...eventsKeys.all(appId), 'slug', slug, occurrence] as const,
  byId: (appId: string, id: string, occurrence: string | null) =>
    [...eventsKeys.all(appId), 'id', id, occurrence] as const,
  attendees: (appId: string, id: string, occurrence: string) =>
    [...eventsKeys.all(appId), 'attendees', id, occurrence] as const,
  categories: (appId: string) => [...eventsKeys.all(appId), 'categories'] as const,
  categoriesDropdown: (appId: string, search: string) =>
    [...eventsKeys.all(appId), 'categories-dropdown', search] as const,
  settings: (appId: string) => [...eventsKeys.all(appId), 'settings'] as const,
  feed: (appId: string) => [...eventsKeys.all(appId), 'feed'] as const,
};

// ---------- reads ----------

/** upcoming / past / self in the member's zone, 20 occurrences per page, appended as the member scrolls on. */
export const eventListQuery = (
  appId: string,
  filter: EventListFilter,
  categoryId: string | null,
  timeZone: string,
) =>
  infiniteQueryOptions({
    queryKey: eventsKeys.list(appId, filter, categoryId, timeZone),
    queryFn: ({ signal, pageParam }) =>
      api.get(eventsApiPaths.events(appId), {
        schema: eventListSchema,
        query: { page: pageParam, filter, categoryId, timeZone },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
    meta: { silent: true },
  });

/** The month or week window (local dates, inclusive, in the member's zone): up to 100 occurrences. */
export const eventCalendarQuery = (
  appId: string,
  window: { from: string; to: string },
  categoryId: string | null,
  timeZone: string,
) =>
  queryOptions({
    queryKey: eventsKeys.calendar(appId, window.from, window.to, categoryId, timeZone),
    queryFn: ({ signal }) =>
      api.get(eventsApiPaths.calendar(appId), {
        schema: eventCalendarSchema,
        query: { ...window, categoryId, timeZone },
        signal,
      }),
    meta: { silent: true },
  });

/** One event about one occurrence (default: the next one not ended). */
export const eventByIdQuery = (appId: string, id: string, occurrence: string | null = null) =>
  queryOptions({
    queryKey: eventsKeys.byId(appId, id, occurrence),
    queryFn: ({ signal }) =>
      api
        .get(eventsApiPaths.event(id), { schema: eventResponseSchema, query: { occurrence }, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

/** The event page `/{appSlug}/events/{eventSlug}/view` (the slug is unique per app). */
export const eventBySlugQuery = (appId: string, slug: string, occurrence: string | null) =>
  queryOptions({
    queryKey: eventsKeys.bySlug(appId, slug, occurrence),
    queryFn: ({ signal }) =>
      api
        .get(eventsApiPaths.bySlug(appId, slug), {
          schema: eventResponseSchema,
          query: { occurrence },
          signal,
        })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

/** The attendees of one occurrence, 20 per page. */
export const eventAttendeesQuery = (
  appId: string,
  id: string,
  occurrence: string,
  status: EventAttendanceStatus | null = null,
) =>
  infiniteQueryOptions({
    queryKey: [...eventsKeys.attendees(appId, id, occurrence), status] as const,
    queryFn: ({ signal, pageParam }) =>
      api.get(eventsApiPaths.attendees(id), {
        schema: eventAttendeeListSchema,
        query: { occurrence, page: pageParam, status },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
    meta: { silent: true },
  });

/**
 * A file of the API handed to the browser's download. A plain link cannot carry the session's bearer token, so
 * the text is fetched through the client (which renews an expired token) and saved from memory.
 */
async function downloadText(path: string, query: Record<string, string>, type: string, fileName: string) {
  const text = await api.get(path, { query, schema: z.string() });
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = Object.assign(document.createElement('a'), {
    href: url,
    download: fileName,
    rel: 'noopener',
  });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the address only after the click has been handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The CSV export of an occurrence's attendees (ability `export_attendees`). */
export const downloadAttendeesCsv = (id: string, occurrence: string, fileName: string) =>
  downloadText(
    eventsApiPaths.attendees(id),
    { occurrence, format: 'csv' },
    'text/csv;charset=utf-8',
    fileName,
  );

/** The event's .ics file (the whole series), for the "add to calendar" menu. */
export const downloadEventIcs = (id: string, fileName: string) =>
  downloadText(eventsApiPaths.ics(id), {}, 'text/calendar;charset=utf-8', fileName);

export const eventCategoriesQuery = (appId: string) =>
  queryOptions({
    queryKey: eventsKeys.categories(appId),
    queryFn: ({ signal }) =>
      api.get(eventsApiPaths.categories(appId), { schema: eventCategoryListSchema, signal }),
    meta: { silent: true },
  });

/** The editor's category choice: 15 per page, searched by name. */
export const eventCategoriesDropdownQuery = (appId: string, search: string) =>
  queryOptions({
    queryKey: eventsKeys.categoriesDropdown(appId, search),
    queryFn: ({ signal }) =>
      api.get(eventsApiPaths.categoriesDropdown(appId), {
        schema: eventCategoryDropdownSchema,
        query: { search: search || undefined },
        signal,
      }),
    meta: { silent: true },
  });

export const eventSettingsQuery = (appId: string) =>
  queryOptions({
    queryKey: eventsKeys.settings(appId),
    queryFn: ({ signal }) =>
      api
        .get(eventsApiPaths.settings(appId), { schema: eventSettingsResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

/** The member's private calendar feed in this app (null when none). */
export const eventFeedQuery = (appId: string) =>
  queryOptions({
    queryKey: eventsKeys.feed(appId),
    queryFn: ({ signal }) =>
      api
        .get(eventsApiPaths.feed(appId), { schema: eventFeedResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

// ---------- writes ----------

/** The forms say the server's field errors at their fields, not again as a notice. */
const fieldErrorsInline = { inlineFieldErrors: true };

/** Every write invalidates the app's events (lists, calendars, pages, categories). */
function useInvalidateEvents() {
  const client = useQueryClient();
  const app = useCurrentApp();
  return () => client.invalidateQueries({ queryKey: eventsKeys.all(app.id) });
}

export type EventPatch = Partial<EventPatchBody> & { id: string };
export type EventRemoval = { id: string; scope: EventEditScope; occurrence?: string };

export function useEventMutations() {
  const app = useCurrentApp();
  const onSuccess = useInvalidateEvents();
  return {
    create: useMutation({
      mutationFn: (body: Partial<EventCreateBody>) =>
        api.post(eventsApiPaths.events(app.id), { body, schema: eventResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    /** With `scope` and `occurrence` for a recurring event; `following` answers the new event of the split. */
    update: useMutation({
      mutationFn: ({ id, ...body }: EventPatch) =>
        api.patch(eventsApiPaths.event(id), { body, schema: eventResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    remove: useMutation({
      mutationFn: ({ id, scope, occurrence }: EventRemoval) =>
        api.delete(eventsApiPaths.event(id), { query: { scope, occurrence } }),
      onSuccess,
    }),
  };
}

/** Join or leave one occurrence; the answer is the occurrence with its new counts and the caller's place. */
export function useAttendanceMutations() {
  const onSuccess = useInvalidateEvents();
  return {
    join: useMutation({
      mutationFn: ({ id, occurrence }: { id: string; occurrence: string }) =>
        api.post(eventsApiPaths.join(id), { body: { occurrence }, schema: eventJoinResponseSchema }),
      onSuccess,
    }),
    leave: useMutation({
      mutationFn: ({ id, occurrence }: { id: string; occurrence: string }) =>
        api.delete(eventsApiPaths.join(id), { query: { occurrence } }),
      onSuccess,
    }),
  };
}

export function useEventCategoryMutations() {
  const app = useCurrentApp();
  const onSuccess = useInvalidateEvents();
  return {
    create: useMutation({
      mutationFn: (body: EventCategoryBody) =>
        api.post(eventsApiPaths.categories(app.id), { body, schema: eventCategoryResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: EventCategoryBody & { id: string }) =>
        api.patch(eventsApiPaths.category(id), { body, schema: eventCategoryResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    move: useMutation({
      mutationFn: ({ id, prevId }: { id: string; prevId: string | null }) =>
        api.patch(eventsApiPaths.moveCategory(id), { body: { prevId }, schema: eventCategoryResponseSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(eventsApiPaths.category(id)),
      onSuccess,
    }),
  };
}

export function useEventSettingsMutation() {
  const app = useCurrentApp();
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: (body: EventSettingsPatchBody) =>
      api.patch(eventsApiPaths.settings(app.id), { body, schema: eventSettingsResponseSchema }),
    onSuccess,
    meta: fieldErrorsInline,
  });
}

/** Create or rotate (POST: a new link, the old one stops working) and revoke (DELETE) the private feed. */
export function useEventFeedMutations() {
  const app = useCurrentApp();
  const onSuccess = useInvalidateEvents();
  return {
    create: useMutation({
      mutationFn: () => api.post(eventsApiPaths.feed(app.id), { schema: eventFeedResponseSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.delete(eventsApiPaths.feed(app.id)),
      onSuccess,
    }),
  };
}
