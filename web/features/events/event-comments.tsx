import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Event } from '../../../contracts/events';
import { useCurrentApp } from '../../kernel/current-app';
import { EntityCommentSection, type CommentHost } from '../community';
import { eventsKeys } from './events-api';

/** Moves the comment count of the event wherever its page is cached (by slug and by id, any occurrence). */
function countOnEvent(client: QueryClient, appId: string, eventId: string, delta: 1 | -1) {
  client.setQueriesData<Event>({ queryKey: eventsKeys.all(appId) }, (data) =>
    data && !Array.isArray(data) && (data as Partial<Event>).id === eventId
      ? { ...data, commentsCount: Math.max(0, data.commentsCount + delta) }
      : data,
  );
}

/** The event's conversation (issue 18): the community's comments, written by whoever may `comment` on it. */
export function EventComments({ event }: { event: Event }) {
  const app = useCurrentApp();
  const host = useMemo<CommentHost>(
    () => ({
      entityType: 'event',
      id: event.id,
      onCount: (client, delta) => countOnEvent(client, app.id, event.id, delta),
    }),
    [app.id, event.id],
  );
  return (
    <EntityCommentSection
      host={host}
      count={event.commentsCount}
      canWrite={event.permissions.can.includes('comment')}
    />
  );
}
