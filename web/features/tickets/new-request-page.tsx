import { useState } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { emptyRequestDraft, RequestForm } from './request-form';
import { requestPaths } from './tickets-paths';
import classes from './tickets.module.css';

/** `/{appSlug}/requests/new`: a new request, with help-desk suggestions as the member types. */
export function NewRequestPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(emptyRequestDraft);
  usePageTitle(t('tickets.request.newTitle'));

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="new-request">
      <header>
        <Title order={1} className={classes.title}>
          {t('tickets.request.newTitle')}
        </Title>
        <Text className={classes.lead}>{t('tickets.request.newLead')}</Text>
      </header>
      <Paper withBorder radius="md" p={isMobile ? 'md' : 'lg'}>
        <RequestForm
          draft={draft}
          onDraftChange={setDraft}
          onOpened={(ticket) => void navigate(requestPaths.request(app.slug, ticket.id))}
        />
      </Paper>
    </div>
  );
}
