import { Suspense, useState } from 'react';
import { Anchor, Button, Group, Paper, Rating, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ticketLimits } from '../../../contracts/tickets';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { SupportConversation } from '../chat';
import { TicketTitle } from './ticket-status';
import { ticketsApi, type Ticket } from './tickets-api';
import { requestPaths } from './tickets-paths';
import { useTicket } from './use-ticket';
import classes from './tickets.module.css';

/** After completion: how satisfied the member is (once; the app may switch the question off). */
function Satisfaction({ ticket, put }: { ticket: Ticket; put: (ticket: Ticket) => void }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const rate = useMutation({
    mutationFn: () => ticketsApi.rate(ticket.id, { rating, ...(comment.trim() ? { comment } : {}) }),
    onSuccess: put,
  });
  if (ticket.satisfaction) {
    return (
      <Paper withBorder radius="md" p="md" data-testid="satisfaction-thanks">
        <Group gap="sm">
          <Rating value={ticket.satisfaction.rating} readOnly aria-label={t('tickets.satisfaction.given')} />
          <Text size="sm">{t('tickets.satisfaction.thanks')}</Text>
        </Group>
      </Paper>
    );
  }
  if (!ticket.isSatisfactionAsked || !ticket.permissions.can.includes('rate')) {
    return null;
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="satisfaction-question">
      <Stack gap="sm">
        <Text fw={600} id="satisfaction-label">
          {t('tickets.satisfaction.question')}
        </Text>
        <Rating
          value={rating}
          onChange={setRating}
          size="lg"
          aria-labelledby="satisfaction-label"
          data-testid="satisfaction-rating"
        />
        <Textarea
          label={t('tickets.satisfaction.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={ticketLimits.comment}
          autosize
          minRows={2}
        />
        <div>
          <Button
            disabled={rating === 0}
            loading={rate.isPending}
            onClick={() => rate.mutate()}
            data-testid="satisfaction-send"
          >
            {t('tickets.satisfaction.send')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

/** `/{appSlug}/requests/{ticketId}`: one of the member's requests — the conversation and its status. */
export function RequestPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const app = useCurrentApp();
  const { ticketId = '' } = useParams();
  const { query, ticket, put } = useTicket(ticketId);
  usePageTitle(ticket ? ticket.subject : t('tickets.ticket.loading'));

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="request-page">
      <Anchor component={Link} to={requestPaths.list(app.slug)} size="sm">
        <IconArrowLeft size={14} stroke={1.8} style={{ verticalAlign: 'middle' }} />{' '}
        {t('tickets.request.back')}
      </Anchor>
      {!ticket ? (
        query.isPending ? (
          <Skeleton height={300} radius="md" />
        ) : (
          <Text role="alert">{t('tickets.ticket.missing')}</Text>
        )
      ) : (
        <>
          <header className={classes.ticketHeader}>
            <TicketTitle ticket={ticket} meta={t('tickets.request.meta', { number: ticket.number })} />
          </header>
          <Satisfaction ticket={ticket} put={put} />
          <Paper withBorder radius="md" className={classes.conversationCard}>
            <Suspense fallback={<Skeleton height={200} />}>
              <SupportConversation chatId={ticket.chatId} />
            </Suspense>
          </Paper>
        </>
      )}
    </div>
  );
}
