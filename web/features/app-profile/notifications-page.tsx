import { useState, type FormEvent } from 'react';
import { Checkbox, Select, Switch, Table, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellRinging, IconMail } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailDigestValues, type EmailDigest } from '../../../contracts/notifications';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { AccountSection } from '../account';
import { useAccount } from '../../kernel/session/account-store';
import {
  appProfileApi,
  notificationsQuery,
  type Notifications,
  type UpdateNotificationsBody,
} from './app-profile-api';
import { AppProfileLayout, ProfileQueryFallback } from './app-profile-layout';
import classes from './app-profile.module.css';
import { PushDeviceSection } from './push-device-section';
import { SaveBar } from '../../components/save-bar';

const switchClassNames = {
  body: classes.switchBody,
  labelWrapper: classes.switchLabel,
  label: classes.switchLabelText,
  description: classes.switchDescription,
};

type Row = { type: string; email: boolean; push: boolean };
type Values = { isEmailEnabled: boolean; isPushEnabled: boolean; emailDigest: EmailDigest; list: Row[] };

const valuesOf = (settings: Notifications): Values => ({
  isEmailEnabled: settings.isEmailEnabled,
  isPushEnabled: settings.isPushEnabled,
  emailDigest: settings.emailDigest,
  list: settings.list.map((row) => ({ ...row })),
});

const typesWith = (list: Row[], channel: 'email' | 'push') =>
  list.filter((row) => row[channel]).map((row) => row.type);

const sameTypes = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Only what changed; an action list is sent whole (it replaces the stored one) once one of its boxes changed. */
function changesOf(settings: Notifications, values: Values): UpdateNotificationsBody {
  const changes: Record<string, unknown> = {};
  if (values.isEmailEnabled !== settings.isEmailEnabled) {
    changes.isEmailEnabled = values.isEmailEnabled;
  }
  if (values.isPushEnabled !== settings.isPushEnabled) {
    changes.isPushEnabled = values.isPushEnabled;
  }
  if (values.emailDigest !== settings.emailDigest) {
    changes.emailDigest = values.emailDigest;
  }
  const emailActions = typesWith(values.list, 'email');
  if (!sameTypes(emailActions, typesWith(settings.list, 'email'))) {
    changes.emailActions = emailActions;
  }
  const pushActions = typesWith(values.list, 'push');
  if (!sameTypes(pushActions, typesWith(settings.list, 'push'))) {
    changes.pushActions = pushActions;
  }
  // Actions this client does not know yet travel as the server named them.
  return changes;
}

function NotificationsForm({ settings }: { settings: Notifications }) {
  const { t, i18n } = useTranslation();
  const app = useCurrentApp();
  const account = useAccount();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const changes = changesOf(settings, values);
  const dirty = Object.keys(changes).length > 0;

  const save = useMutation({
    mutationFn: () => appProfileApi.updateNotifications(app.id, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData(notificationsQuery(app.id).queryKey, updated);
      toasts.show({ color: 'teal', message: t('appProfile.notifications.saved') });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dirty) {
      save.mutate();
    }
  };

  const toggle = (type: string, channel: 'email' | 'push', checked: boolean) =>
    setValues((current) => ({
      ...current,
      list: current.list.map((row) => (row.type === type ? { ...row, [channel]: checked } : row)),
    }));

  const known = (type: string) => i18n.exists(`appProfile.notifications.types.${type}`);
  const nameOf = (type: string) => (known(type) ? t(`appProfile.notifications.types.${type}`) : type);
  const channelHead = (channel: 'email' | 'push') => {
    const Icon = channel === 'email' ? IconMail : IconBellRinging;
    return (
      <Table.Th className={classes.channelCell} data-mobile={isMobile || undefined}>
        <span>
          {isMobile ? null : <Icon size={16} stroke={1.7} />}
          {t(`appProfile.notifications.${channel}`)}
        </span>
      </Table.Th>
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.form} data-testid="notifications-form">
      <AccountSection
        title={t('appProfile.notifications.channelsTitle')}
        text={t('appProfile.notifications.channelsText')}
        testId="notification-channels"
      >
        <div className={classes.switchList}>
          <Switch
            size="md"
            labelPosition="left"
            classNames={switchClassNames}
            label={t('appProfile.notifications.email')}
            description={t('appProfile.notifications.emailHint', { email: account?.email ?? '' })}
            checked={values.isEmailEnabled}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, isEmailEnabled: checked }));
            }}
            data-testid="notifications-email-enabled"
          />
          <Switch
            size="md"
            labelPosition="left"
            classNames={switchClassNames}
            label={t('appProfile.notifications.push')}
            description={t('appProfile.notifications.pushHint')}
            checked={values.isPushEnabled}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, isPushEnabled: checked }));
            }}
            data-testid="notifications-push-enabled"
          />
        </div>
        <Select
          label={t('appProfile.notifications.digest')}
          description={t('appProfile.notifications.digestHint')}
          data={emailDigestValues.map((value) => ({
            value,
            label: t(`appProfile.notifications.digestOptions.${value}`),
          }))}
          value={values.emailDigest}
          onChange={(value) => {
            const digest = emailDigestValues.find((known) => known === value);
            if (digest) {
              setValues((current) => ({ ...current, emailDigest: digest }));
            }
          }}
          // A digest is an e-mail: it goes only while the e-mail channel is on.
          disabled={!values.isEmailEnabled}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          maw={320}
          mt="md"
          data-testid="notifications-email-digest"
        />
      </AccountSection>

      <PushDeviceSection isPushEnabled={settings.isPushEnabled} />

      <AccountSection
        title={t('appProfile.notifications.actionsTitle')}
        text={t('appProfile.notifications.actionsText')}
        testId="notification-actions"
      >
        {values.list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('appProfile.notifications.empty')}
          </Text>
        ) : (
          <Table className={classes.table} verticalSpacing="sm" data-testid="notification-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('appProfile.notifications.action')}</Table.Th>
                {channelHead('email')}
                {channelHead('push')}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.list.map((row) => (
                <Table.Tr key={row.type} data-testid={`notification-row-${row.type}`}>
                  <Table.Td>
                    <div className={known(row.type) ? classes.typeName : classes.typeUnknown}>
                      {nameOf(row.type)}
                    </div>
                    {known(row.type) && i18n.exists(`appProfile.notifications.typeHints.${row.type}`) ? (
                      <div className={classes.typeHint}>
                        {t(`appProfile.notifications.typeHints.${row.type}`)}
                      </div>
                    ) : null}
                  </Table.Td>
                  {(['email', 'push'] as const).map((channel) => {
                    const enabled = channel === 'email' ? values.isEmailEnabled : values.isPushEnabled;
                    return (
                      <Table.Td
                        key={channel}
                        className={classes.channelCell}
                        data-mobile={isMobile || undefined}
                      >
                        <Checkbox
                          aria-label={t(`appProfile.notifications.${channel}For`, { type: nameOf(row.type) })}
                          title={enabled ? undefined : t('appProfile.notifications.channelOff')}
                          checked={row[channel]}
                          disabled={!enabled}
                          onChange={(event) => toggle(row.type, channel, event.currentTarget.checked)}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </AccountSection>

      <SaveBar dirty={dirty} saving={save.isPending} onDiscard={() => setValues(valuesOf(settings))} />
    </form>
  );
}

/** `/{appSlug}/profile/notifications` (spec §2, auth): e-mail and push, in general and per action. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const query = useQuery(notificationsQuery(app.id));
  if (!query.data) {
    return <ProfileQueryFallback query={query} />;
  }
  return (
    <AppProfileLayout title={t('appProfile.notifications.title')}>
      <NotificationsForm key={query.dataUpdatedAt} settings={query.data} />
    </AppProfileLayout>
  );
}
