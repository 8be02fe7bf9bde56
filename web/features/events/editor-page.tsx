import './event-editor-styles';
import { useState } from 'react';
import { Button, Skeleton, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { dayjs } from '../../i18n/dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  eventCreateBodySchema,
  eventLimits,
  type Event,
  type EventEditScope,
  type EventSettings,
} from '../../../contracts/events';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { LoadFailedState } from '../../components/empty-state';
import { NotFoundMessage } from '../../components/not-found-message';
import { RichTextEditor } from '../../components/rich-text';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';
import { coverRatios, PictureField } from '../community-settings';
import { AttachmentsField } from './attachments-field';
import { CategorySelect } from './category-select';
import { EditScopeDialog } from './edit-scope-dialog';
import { EditorSection, NoticeSection, PeopleSection, PlaceSection, WhenSection } from './editor-sections';
import {
  bodyOf,
  eventValues,
  newEventValues,
  patchOf,
  previewDates,
  scopesFor,
  changesOf,
  type EventFormValues,
} from './event-form';
import { eventBySlugQuery, eventSettingsQuery, useEventMutations } from './events-api';
import { eventsLinks } from './events-links';
import { previewLength } from './recurrence-editor';
import classes from './event-editor.module.css';

/** `events/create` (app ability `create_event`) and `events/{eventSlug}/edit?occurrence=…` (event `edit`). */
export function EventEditorPage() {
  const { t } = useTranslation();
  const { eventSlug } = useParams();
  const [params] = useSearchParams();
  const app = useCurrentApp();
  const occurrence = params.get('occurrence');
  const event = useQuery({
    ...eventBySlugQuery(app.id, eventSlug ?? '', occurrence),
    enabled: Boolean(eventSlug),
  });
  const settings = useQuery({ ...eventSettingsQuery(app.id), enabled: !eventSlug });
  const failed = [event, settings].find((query) => query.isError);
  if (eventSlug ? event.data && !event.data.permissions.can.includes('edit') : !appCan(app, 'create_event')) {
    return <NotFoundMessage />;
  }
  if (failed) {
    return (
      <LoadFailedState
        error={failed.error}
        title={t('eventEditor.loadError')}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (eventSlug ? !event.data : !settings.data) {
    return <Skeleton height={640} radius="lg" className={classes.page} />;
  }
  return (
    <EventEditor
      key={event.data ? `${event.data.id}:${event.data.occurrence.id}` : 'new'}
      event={event.data ?? null}
      settings={settings.data ?? null}
    />
  );
}

function EventEditor({ event, settings }: { event: Event | null; settings: EventSettings | null }) {
  const { t, i18n } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const issueText = useIssueText();
  const title = t(event ? 'eventEditor.editTitle' : 'eventEditor.newTitle');
  usePageTitle(title);
  const [initial] = useState<EventFormValues>(() => (event ? eventValues(event) : newEventValues(settings!)));
  const [values, setValues] = useState<EventFormValues>(initial);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const body = bodyOf(values);
  const checks = useFormChecks(eventCreateBodySchema, body);
  const [untilMissing, setUntilMissing] = useState(false);
  const issueOf = (field: string) =>
    field === 'recurringEventPattern' && untilMissing
      ? t('eventEditor.recurrence.untilMissing')
      : issueText(checks.issues[field] ?? checks.serverIssues[field]);
  const { create, update } = useEventMutations();
  const [asking, setAsking] = useState(false);
  const cancelTo = event
    ? eventsLinks.event(app.slug, event.slug, event.occurrence.id)
    : eventsLinks.list(app.slug);

  /** To the event page: about the edited occurrence while it keeps its name, else about the next one. */
  const savedTo =
    (occurrence: string | null) =>
    ({ data }: { data: Event }) => {
      notifications.show({ color: 'teal', message: t('eventEditor.saved', { name: data.name }) });
      void navigate(eventsLinks.event(app.slug, data.slug, occurrence));
    };
  const onError = (error: unknown) => {
    setAsking(false);
    checks.takeServerIssues(error);
  };
  const save = (scope: EventEditScope) => {
    if (event) {
      const patch = patchOf(event, bodyOf(initial), body, scope);
      // Moving the series renames its occurrences (their original starts); a split makes a new event.
      const keeps = event.rule && (scope === 'this' || (scope === 'all' && !('startsAt' in patch)));
      update.mutate(
        { id: event.id, ...patch },
        { onSuccess: savedTo(keeps ? event.occurrence.id : null), onError },
      );
    } else {
      create.mutate(body, { onSuccess: savedTo(null), onError });
    }
  };
  const submit = (formEvent: React.FormEvent) => {
    formEvent.preventDefault();
    const missing =
      values.recurrence.kind !== 'none' && values.recurrence.end === 'until' && !values.recurrence.until;
    setUntilMissing(missing);
    if (!checks.check() || missing) {
      return;
    }
    if (event?.rule) {
      setAsking(true);
    } else {
      save('all');
    }
  };
  const occurrenceLabel = event
    ? `${dayjs(event.occurrence.id).locale(i18n.language).format(t('eventEditor.recurrence.previewFormat'))} ${event.occurrence.id.slice(11, 16)}`
    : '';

  return (
    <div className={classes.page} data-testid="event-editor">
      <Title order={1} className={classes.pageTitle}>
        {title}
      </Title>
      <form onSubmit={submit} noValidate className={classes.form}>
        <EditorSection title={t('eventEditor.basics.title')}>
          <TextInput
            label={t('eventEditor.name')}
            placeholder={t('eventEditor.namePlaceholder')}
            value={values.name}
            onChange={(change) => set('name', change.currentTarget.value)}
            error={issueOf('name')}
            required
            maxLength={eventLimits.name}
            data-testid="event-editor-name"
          />
          <CategorySelect
            value={values.category}
            onChange={(category) => set('category', category)}
            error={issueOf('categoryId')}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('eventEditor.description')}
            </Text>
            <RichTextEditor
              label={t('eventEditor.description')}
              value={values.description}
              onChange={(html) => set('description', html)}
              placeholder={t('eventEditor.descriptionPlaceholder')}
              error={issueOf('description')}
              minHeight={180}
              testId="event-editor-description"
            />
          </div>
          <PictureField
            label={t('eventEditor.cover')}
            hint={t('eventEditor.coverHint')}
            value={values.cover}
            onChange={(picture) => set('cover', picture)}
            ratios={coverRatios}
            error={issueOf('coverId')}
            wide
            testId="event-editor-cover"
          />
        </EditorSection>
        <WhenSection
          values={values}
          set={set}
          issueOf={issueOf}
          preview={previewDates(values, event, previewLength)}
        />
        <PlaceSection values={values} set={set} issueOf={issueOf} />
        <PeopleSection values={values} set={set} issueOf={issueOf} />
        <NoticeSection values={values} set={set} issueOf={issueOf} />
        <EditorSection title={t('eventEditor.attachments.title')}>
          <AttachmentsField
            value={values.attachments}
            onChange={(files) => set('attachments', files)}
            error={issueOf('attachmentIds')}
          />
        </EditorSection>
        <div className={classes.actions}>
          <Button variant="default" component={Link} to={cancelTo}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={(create.isPending || update.isPending) && !asking}
            leftSection={<IconDeviceFloppy size={18} stroke={1.8} />}
            data-testid="event-editor-save"
          >
            {t(event ? 'eventEditor.save' : 'eventEditor.create')}
          </Button>
        </div>
      </form>
      {asking && event ? (
        <EditScopeDialog
          scopes={scopesFor(changesOf(bodyOf(initial), body))}
          occurrence={occurrenceLabel}
          saving={update.isPending}
          onCancel={() => setAsking(false)}
          onSave={save}
        />
      ) : null}
    </div>
  );
}
