import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconBulb, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ticketLimits } from '../../../contracts/tickets';
import { errorTextKey } from '../../api/notify-error';
import { useCurrentApp } from '../../kernel/current-app';
import { HighlightedText, useHelpdeskSuggestions } from '../helpdesk';
import { ticketKeys, ticketsApi, type Ticket } from './tickets-api';

/** What the member has typed so far; its holder keeps it while the form is out of sight (the widget closed). */
export type RequestDraft = { subject: string; body: string };
export const emptyRequestDraft: RequestDraft = { subject: '', body: '' };

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

/** The help desk's search reads at most this much: the subject and the message's beginning. */
const suggestionTextLength = 200;

/** What the suggestions look for: the subject says what it is about, the message's first words add to it. */
export const suggestionText = ({ subject, body }: RequestDraft) =>
  `${subject} ${body}`.replace(/\s+/g, ' ').trim().slice(0, suggestionTextLength);

/** Help-desk articles that may already answer the question, while the member types. */
function Suggestions({ text, limit }: { text: string; limit: number }) {
  const { t } = useTranslation();
  const { suggestions } = useHelpdeskSuggestions(text, { limit });
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

type Props = {
  draft: RequestDraft;
  onDraftChange: (draft: RequestDraft) => void;
  /** The request is open (the ticket lists are refreshing); the holder shows it or leads there. */
  onOpened: (ticket: Ticket) => void;
  /** The support widget's form: a shorter message field, no hint, fewer suggestions. */
  compact?: boolean;
};

/**
 * A new request (subject and message) with help-desk suggestions as the member types; the new-request page and
 * the support widget hold it. Every failure is said in the form (a full limit of open requests included), so
 * the request is silent otherwise.
 */
export function RequestForm({ draft, onDraftChange, onOpened, compact = false }: Props) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});

  const open = useMutation({
    mutationFn: () =>
      ticketsApi.open(app.id, { subject: draft.subject.trim(), body: paragraphsOf(draft.body) }),
    onSuccess: (ticket) => {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      onOpened(ticket);
    },
    meta: { silent: true },
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(draft.subject.trim() === '' ? { subject: t('validation.required') } : {}),
      ...(draft.body.trim() === '' ? { body: t('validation.required') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length === 0) {
      open.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="request-form">
      <Stack gap={compact ? 'sm' : 'md'}>
        <TextInput
          label={t('tickets.request.subject')}
          value={draft.subject}
          onChange={(event) => onDraftChange({ ...draft, subject: event.currentTarget.value })}
          maxLength={ticketLimits.subject}
          error={errors.subject}
          required
          // The widget's focus trap starts here rather than at its close button.
          data-autofocus
          data-testid="request-subject"
        />
        <Textarea
          label={t('tickets.request.body')}
          description={compact ? undefined : t('tickets.request.bodyHint')}
          value={draft.body}
          onChange={(event) => onDraftChange({ ...draft, body: event.currentTarget.value })}
          autosize
          minRows={compact ? 3 : 5}
          maxRows={compact ? 8 : undefined}
          maxLength={ticketLimits.body}
          error={errors.body}
          required
          data-testid="request-body"
        />
        <Suggestions text={suggestionText(draft)} limit={compact ? 2 : 3} />
        {open.error ? (
          <Alert color="red" role="alert" data-testid="request-error">
            {t(errorTextKey(open.error))}
          </Alert>
        ) : null}
        <div>
          <Button
            type="submit"
            loading={open.isPending}
            fullWidth={compact}
            leftSection={<IconSend size={17} stroke={1.8} />}
            data-testid="request-send"
          >
            {t('tickets.request.send')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
