import { useState, type FormEvent } from 'react';
import { NumberInput, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ticketLimits,
  ticketSettingsPatchSchema,
  type TicketSettingsPatch,
} from '../../../contracts/tickets';
import { ApiError } from '../../api/api-error';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { SaveBar } from '../../components/save-bar';
import { useCurrentApp } from '../../kernel/current-app';
import { AccountSection } from '../account';
import { SettingsQueryPage } from '../app-settings';
import { ticketKeys, ticketSettingsQuery, ticketsApi, type TicketSettings } from './tickets-api';

const keys = [
  'openTicketsLimit',
  'firstResponseTargetMinutes',
  'resolutionTargetMinutes',
  'isSatisfactionEnabled',
] as const;

function SupportSettingsForm({ settings }: { settings: TicketSettings }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TicketSettings>(settings);
  const changes: TicketSettingsPatch = Object.fromEntries(
    keys.filter((key) => values[key] !== settings[key]).map((key) => [key, values[key]]),
  );
  const dirty = Object.keys(changes).length > 0;
  const issueText = useIssueText();
  // A value out of range reaches the submit when Enter is pressed in the field (the input clamps on blur only).
  const checks = useFormChecks(ticketSettingsPatchSchema, changes);
  // The server's refusal stays at its field while that field still holds a change (not after discarding it).
  const errorOf = (key: keyof TicketSettingsPatch) =>
    issueText(checks.issues[key] ?? (key in changes ? checks.serverIssues[key] : undefined));
  const save = useMutation({
    mutationFn: (body: TicketSettingsPatch) => ticketsApi.editSettings(app.id, body),
    meta: { silent: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(ticketKeys.settings(app.id), { data: updated });
      notifications.show({ color: 'teal', message: t('tickets.settings.saved') });
    },
    onError: (error) => {
      checks.takeServerIssues(error);
      if (!(error instanceof ApiError && Object.keys(error.errors).length > 0)) {
        notifications.show({
          color: 'red',
          message: t(error instanceof ApiError ? error.message : 'errors.generic'),
        });
      }
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checks.check() && dirty) {
      save.mutate(changes);
    }
  };
  const number =
    (key: 'openTicketsLimit' | 'firstResponseTargetMinutes' | 'resolutionTargetMinutes') =>
    (value: string | number) =>
      setValues((previous) => ({
        ...previous,
        [key]: typeof value === 'number' ? value : Number(value) || 0,
      }));

  return (
    <form onSubmit={submit} noValidate data-testid="support-settings-form">
      <Stack gap="lg">
        <AccountSection title={t('tickets.settings.limitTitle')} text={t('tickets.settings.limitText')}>
          <NumberInput
            label={t('tickets.settings.limit')}
            value={values.openTicketsLimit}
            onChange={number('openTicketsLimit')}
            error={errorOf('openTicketsLimit')}
            min={1}
            max={ticketLimits.openTicketsMax}
            allowDecimal={false}
            maw={240}
          />
        </AccountSection>
        <AccountSection title={t('tickets.settings.targetsTitle')} text={t('tickets.settings.targetsText')}>
          <Stack gap="sm">
            <NumberInput
              label={t('tickets.settings.firstResponse')}
              value={values.firstResponseTargetMinutes}
              onChange={number('firstResponseTargetMinutes')}
              error={errorOf('firstResponseTargetMinutes')}
              min={0}
              max={ticketLimits.targetMaxMinutes}
              allowDecimal={false}
              maw={240}
            />
            <NumberInput
              label={t('tickets.settings.resolution')}
              value={values.resolutionTargetMinutes}
              onChange={number('resolutionTargetMinutes')}
              error={errorOf('resolutionTargetMinutes')}
              min={0}
              max={ticketLimits.targetMaxMinutes}
              allowDecimal={false}
              maw={240}
            />
          </Stack>
        </AccountSection>
        <AccountSection
          title={t('tickets.settings.satisfactionTitle')}
          text={t('tickets.settings.satisfactionText')}
        >
          <Switch
            label={t('tickets.settings.satisfaction')}
            checked={values.isSatisfactionEnabled}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((previous) => ({ ...previous, isSatisfactionEnabled: checked }));
            }}
          />
        </AccountSection>
      </Stack>
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onDiscard={() => setValues(settings)}
        testId="support-settings-save-bar"
      />
    </form>
  );
}

/** `/{appSlug}/settings/support`: the open-tickets limit, the two targets and the satisfaction question. */
export function SupportSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const query = useQuery(ticketSettingsQuery(app.id));
  return (
    <SettingsQueryPage
      title={t('tickets.settings.title')}
      lead={t('tickets.settings.lead')}
      query={query}
      loadError={t('tickets.settings.loadError')}
      skeletons={[160, 200, 120]}
      testId="support-settings"
    >
      {(settings, key) => <SupportSettingsForm key={key} settings={settings} />}
    </SettingsQueryPage>
  );
}
