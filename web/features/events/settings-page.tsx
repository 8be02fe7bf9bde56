import './event-editor-styles';
import { useState, type FormEvent } from 'react';
import { Radio, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  eventCreatorsValues,
  eventSettingsPatchBodySchema,
  type EventSettings,
  type EventSettingsPatchBody,
} from '../../../contracts/events';
import { eventDefaults } from '../../../contracts/constants';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { SaveBar } from '../../components/save-bar';
import { useCurrentApp } from '../../kernel/current-app';
import { AccountSection } from '../account';
import { SettingsQueryPage } from '../app-settings';
import { CategoriesSection } from './categories-section';
import { DurationSelect } from './duration-select';
import { eventSettingsQuery, useEventSettingsMutation } from './events-api';
import { ParticipantsLimit } from './participants-limit';
import { ReminderOffsets } from './reminder-offsets';
import classes from './events-settings.module.css';

const keys = [
  'creators',
  'defaultDurationInSeconds',
  'defaultParticipantsNumberLimit',
  'defaultReminderOffsetsInSeconds',
  'isEmailConfirmationEnabledByDefault',
] as const;

/** Only what changed (the reminder list compared whole). */
function changesOf(settings: EventSettings, values: EventSettings): EventSettingsPatchBody {
  return Object.fromEntries(
    keys
      .filter((key) => JSON.stringify(values[key]) !== JSON.stringify(settings[key]))
      .map((key) => [key, values[key]]),
  );
}

/** Who may create events, and what a new event starts with. */
function SettingsForm({ settings }: { settings: EventSettings }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const [values, setValues] = useState<EventSettings>(settings);
  // The limit typed while "unbegrenzt" is ticked comes back when it is unticked.
  const [limit, setLimit] = useState(
    settings.defaultParticipantsNumberLimit ?? eventDefaults.participantsNumberLimit,
  );
  const set = <K extends keyof EventSettings>(key: K, value: EventSettings[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const changes = changesOf(settings, values);
  const dirty = Object.keys(changes).length > 0;
  const checks = useFormChecks(eventSettingsPatchBodySchema, changes);
  const errorOf = (key: keyof EventSettingsPatchBody) =>
    issueText(checks.issues[key] ?? (key in changes ? checks.serverIssues[key] : undefined));
  const save = useEventSettingsMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.check() || !dirty) {
      return;
    }
    save.mutate(changes, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('eventSettings.saved') }),
      // Field errors show at their fields; anything else as the usual notice.
      onError: checks.takeServerIssues,
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="event-settings-form">
      <Stack gap="lg">
        <AccountSection title={t('eventSettings.creators.title')} text={t('eventSettings.creators.text')}>
          <Radio.Group
            aria-label={t('eventSettings.creators.title')}
            value={values.creators}
            onChange={(value) =>
              set('creators', eventCreatorsValues.find((known) => known === value) ?? 'admins')
            }
            error={errorOf('creators')}
          >
            <div className={classes.choices}>
              {eventCreatorsValues.map((value) => (
                <Radio.Card
                  key={value}
                  value={value}
                  className={classes.choice}
                  data-testid={`event-creators-${value}`}
                >
                  <Radio.Indicator />
                  <div>
                    <div className={classes.choiceLabel}>{t(`eventSettings.creators.${value}`)}</div>
                    <div className={classes.choiceHint}>{t(`eventSettings.creators.${value}Hint`)}</div>
                  </div>
                </Radio.Card>
              ))}
            </div>
          </Radio.Group>
        </AccountSection>
        <AccountSection title={t('eventSettings.defaults.title')} text={t('eventSettings.defaults.text')}>
          <Stack gap="lg">
            <div className={classes.defaultsGrid}>
              <DurationSelect
                label={t('eventSettings.defaults.duration')}
                value={values.defaultDurationInSeconds / 60}
                onChange={(minutes) => set('defaultDurationInSeconds', minutes * 60)}
                error={errorOf('defaultDurationInSeconds')}
                testId="event-settings-duration"
              />
              <ParticipantsLimit
                label={t('eventSettings.defaults.limit')}
                isLimited={values.defaultParticipantsNumberLimit !== null}
                limit={limit}
                onChange={(next) => {
                  setLimit(next.limit);
                  set('defaultParticipantsNumberLimit', next.isLimited ? next.limit : null);
                }}
                error={errorOf('defaultParticipantsNumberLimit')}
                testId="event-settings-limit"
              />
            </div>
            <ReminderOffsets
              label={t('eventSettings.defaults.reminders')}
              value={values.defaultReminderOffsetsInSeconds}
              onChange={(offsets) => set('defaultReminderOffsetsInSeconds', offsets)}
              error={errorOf('defaultReminderOffsetsInSeconds')}
              testId="event-settings-reminders"
            />
            <Switch
              label={t('eventSettings.defaults.confirmation')}
              description={t('eventSettings.defaults.confirmationHint')}
              checked={values.isEmailConfirmationEnabledByDefault}
              onChange={(event) => set('isEmailConfirmationEnabledByDefault', event.currentTarget.checked)}
              data-testid="event-settings-confirmation"
            />
          </Stack>
        </AccountSection>
      </Stack>
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onDiscard={() => {
          setValues(settings);
          setLimit(settings.defaultParticipantsNumberLimit ?? eventDefaults.participantsNumberLimit);
        }}
        testId="event-settings-save-bar"
      />
    </form>
  );
}

/** `/{appSlug}/settings/events` (ROUTE-97, app `edit`): categories, who may create events, the editor's defaults. */
export function EventsSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const query = useQuery(eventSettingsQuery(app.id));
  return (
    <SettingsQueryPage
      title={t('eventSettings.title')}
      lead={t('eventSettings.lead')}
      query={query}
      loadError={t('eventSettings.loadError')}
      skeletons={[220, 180, 260]}
      testId="event-settings"
    >
      {(settings, key) => (
        <Stack gap="lg">
          <CategoriesSection />
          <SettingsForm key={key} settings={settings} />
        </Stack>
      )}
    </SettingsQueryPage>
  );
}
