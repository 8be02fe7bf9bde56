import { useRef, useState, type FormEvent } from 'react';
import { Button, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moderationSettingBounds } from '../../../contracts/moderation';
import { ApiError } from '../../api/api-error';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { serverFieldIssues, useIssueText, type FieldIssues } from '../../components/form-issues';
import { SaveBar } from '../../components/save-bar';
import { AccountSection } from '../account';
import {
  moderationApi,
  moderationKeys,
  moderationSettingsQuery,
  type ModerationSettings,
} from './moderation-api';
import {
  limitSettings,
  reportSettings,
  settingsChangesOf,
  settingsIssuesOf,
  settingsValuesOf,
  type SettingName,
  type SettingsValues,
} from './moderation-settings-values';
import classes from './moderation.module.css';

const hintOf: Record<SettingName, string> = {
  reportsToHide: 'moderation.settings.reportsToHideHint',
  premoderateFirstPosts: 'moderation.settings.premoderateFirstPostsHint',
  postsPerHour: 'moderation.settings.perHourHint',
  commentsPerHour: 'moderation.settings.perHourHint',
  reportsPerHour: 'moderation.settings.perHourHint',
};

function SettingsForm({ saved }: { saved: ModerationSettings }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SettingsValues>(() => settingsValuesOf(saved));
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});

  const issues = submitted ? settingsIssuesOf(values) : {};
  const changes = settingsChangesOf(saved, values);
  const dirty = Object.keys(changes).length > 0;

  const save = useMutation({
    mutationFn: () => moderationApi.updateSettings(app.id, changes),
    meta: { silent: true },
    onSuccess: (updated) => {
      setSubmitted(false);
      queryClient.setQueryData(moderationKeys.settings(app.id), updated);
      setValues(settingsValuesOf(updated));
      notifications.show({ color: 'teal', message: t('moderation.settings.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(serverFieldIssues(error.errors));
      } else {
        notifications.show({
          color: 'red',
          message: t(error instanceof ApiError ? error.message : 'errors.generic'),
        });
      }
    },
  });

  /** The first field with a problem comes into view, ready to be corrected. */
  const showFirstIssue = () =>
    requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      field?.focus({ preventScroll: true });
    });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (Object.keys(settingsIssuesOf(values)).length > 0) {
      showFirstIssue();
    } else if (dirty) {
      save.mutate();
    }
  };

  const field = (name: SettingName) => (
    <NumberInput
      key={name}
      label={t(`moderation.settings.${name}`)}
      description={t(hintOf[name])}
      min={moderationSettingBounds.min}
      max={moderationSettingBounds.max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      value={values[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: typeof value === 'number' ? value : '' }));
        setServerIssues(({ [name]: _, ...rest }) => rest);
      }}
      error={issueText(issues[name] ?? serverIssues[name])}
      required
      data-testid={`setting-${name}`}
    />
  );

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      className={classes.form}
      data-testid="moderation-settings-form"
    >
      <AccountSection
        title={t('moderation.settings.reports.title')}
        text={t('moderation.settings.reports.text')}
      >
        <SimpleGrid cols={isMobile ? 1 : 2} spacing="lg">
          {reportSettings.map(field)}
        </SimpleGrid>
      </AccountSection>
      <AccountSection
        title={t('moderation.settings.limits.title')}
        text={t('moderation.settings.limits.text')}
      >
        <SimpleGrid cols={isMobile ? 1 : 3} spacing="lg">
          {limitSettings.map(field)}
        </SimpleGrid>
      </AccountSection>
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onDiscard={() => {
          setValues(settingsValuesOf(saved));
          setSubmitted(false);
          setServerIssues({});
        }}
        testId="moderation-save-bar"
      />
    </form>
  );
}

/** MODERATION-01, 02: reports until hidden, pre-moderated first posts, the hourly limits. */
export function ModerationSettingsForm() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const query = useQuery(moderationSettingsQuery(app.id));
  if (query.isError) {
    return (
      <Stack align="flex-start" gap="sm" data-testid="moderation-settings-error">
        <Text>{t('moderation.settings.loadError')}</Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={17} />}
          onClick={() => void query.refetch()}
        >
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="md" aria-busy="true" data-testid="moderation-settings-loading">
        <Skeleton height={180} radius="lg" />
        <Skeleton height={180} radius="lg" />
      </Stack>
    );
  }
  return <SettingsForm key={query.dataUpdatedAt} saved={query.data} />;
}
