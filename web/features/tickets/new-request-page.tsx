import { useState } from 'react';
import { Alert, Anchor, Button, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconBulb, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ticketLimits } from '../../../contracts/tickets';
import { ApiError } from '../../api/api-error';
import { errorTextKey } from '../../api/notify-error';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { HighlightedText, useHelpdeskSuggestions } from '../helpdesk';
import { ticketsApi } from './tickets-api';
import { requestPaths } from './tickets-paths';
import classes from './tickets.module.css';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The member's text as the chat's rich text: one paragraph per block, line breaks kept. */
export function paragraphsOf(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block.trim()).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/** Help-desk articles that may already answer the question, while the member types. */
function Suggestions({ text }: { text: string }) {
  const { t } = useTranslation();
  const { suggestions } = useHelpdeskSuggestions(text, { limit: 3 });
  if (suggestions.length === 0) {
    return null;
  }
  return (
    <Alert
      variant="outline"
      color="gray"
      icon={<IconBulb size={18} stroke={1.7} />}
      title={t('tickets.request.suggestions')}
      data-testid="ticket-suggestions"
      aria-live="polite"
    >
      <Stack gap={8}>
        {suggestions.map((suggestion) => (
          <div key={suggestion.id}>
            <Anchor component={Link} to={suggestion.path} fw={600} data-testid="ticket-suggestion">
              {suggestion.name}
            </Anchor>
            <Text size="sm" c="dimmed" lineClamp={2}>
              <HighlightedText pieces={suggestion.snippet} />
            </Text>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}

/** `/{appSlug}/requests/new`: a new request, with help-desk suggestions as the member types. */
export function NewRequestPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  usePageTitle(t('tickets.request.newTitle'));

  const open = useMutation({
    mutationFn: () => ticketsApi.open(app.id, { subject: subject.trim(), body: paragraphsOf(body) }),
    onSuccess: (ticket) => {
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
      void navigate(requestPaths.request(app.slug, ticket.id));
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      ...(subject.trim() === '' ? { subject: t('validation.required') } : {}),
      ...(body.trim() === '' ? { body: t('validation.required') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length === 0) {
      open.mutate();
    }
  };
  const failure =
    open.error instanceof ApiError && open.error.status === 409
      ? t('errors.TICKET_LIMIT_REACHED')
      : open.error
        ? t(errorTextKey(open.error))
        : null;

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="new-request">
      <header>
        <Title order={1} className={classes.title}>
          {t('tickets.request.newTitle')}
        </Title>
        <Text className={classes.lead}>{t('tickets.request.newLead')}</Text>
      </header>
      <Paper withBorder radius="md" p={isMobile ? 'md' : 'lg'}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('tickets.request.subject')}
              value={subject}
              onChange={(event) => setSubject(event.currentTarget.value)}
              maxLength={ticketLimits.subject}
              error={errors.subject}
              required
              data-testid="request-subject"
            />
            <Textarea
              label={t('tickets.request.body')}
              description={t('tickets.request.bodyHint')}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              autosize
              minRows={5}
              maxLength={ticketLimits.body}
              error={errors.body}
              required
              data-testid="request-body"
            />
            {/* The help desk's search wants every word: the subject says what it is about in a few. */}
            <Suggestions text={subject.trim() || body.slice(0, 60)} />
            {failure ? (
              <Alert color="red" role="alert" data-testid="request-error">
                {failure}
              </Alert>
            ) : null}
            <div>
              <Button
                type="submit"
                loading={open.isPending}
                leftSection={<IconSend size={17} stroke={1.8} />}
                data-testid="request-send"
              >
                {t('tickets.request.send')}
              </Button>
            </div>
          </Stack>
        </form>
      </Paper>
    </div>
  );
}
