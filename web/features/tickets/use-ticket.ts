import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ticketEvents, type TicketUpdatePayload } from '../../../contracts/tickets';
import { errorTextKey } from '../../api/notify-error';
import { currentAppQueryPrefix } from '../../kernel/current-app';
import { useRealtimeEvent } from '../../kernel/realtime';
import { ticketKeys, ticketQuery, ticketsApi, type Ticket, type TicketStatus } from './tickets-api';

/**
 * One ticket as a screen uses it: the query, the other side's changes heard live (`ticket:update` in the chat's
 * room: the ticket is read again), and the status change (RULE-41: the badge follows the PATCH's answer at once).
 */
export function useTicket(ticketId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(ticketQuery(ticketId));

  const put = (ticket: Ticket) => {
    queryClient.setQueryData(
      ticketKeys.ticket(ticketId),
      (previous: { data: { contact: unknown } } | undefined) =>
        previous ? { data: { ...previous.data, ...ticket } } : previous,
    );
    void queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['tickets', 'apps'] });
  };

  useRealtimeEvent(ticketEvents.update, (payload) => {
    if ((payload as TicketUpdatePayload | undefined)?.id === ticketId) {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(ticketId) });
      void queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
    }
  });

  const status = useMutation({
    mutationFn: (next: TicketStatus) => ticketsApi.setStatus(ticketId, next),
    onSuccess: put,
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.title'), message: t(errorTextKey(error)) }),
  });

  return { query, ticket: query.data, put, status, answeredAt: query.dataUpdatedAt };
}

/**
 * The team member enters the ticket's chat the first time they open it (docs/decisions/tickets.md). The join may
 * have given them a profile in the app, so the app (with its viewer) is read again: on the app host the shell's
 * copy is the one the conversation uses.
 */
export function useJoinTicket(ticket: Ticket | undefined, put: (ticket: Ticket) => void) {
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: (id: string) => ticketsApi.join(id),
    onSuccess: (joined) => {
      put(joined);
      void queryClient.invalidateQueries({ queryKey: currentAppQueryPrefix(joined.appSlug) });
    },
  });
  const mustJoin = Boolean(ticket && !ticket.isInChat && ticket.permissions.can.includes('join'));
  const id = ticket?.id;
  const { mutate, isIdle } = join;
  useEffect(() => {
    if (mustJoin && id && isIdle) {
      mutate(id);
    }
  }, [mustJoin, id, isIdle, mutate]);
  return join;
}
