import { useState, type FormEvent } from 'react';
import { Alert, Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chatReadMarksMaxMembers } from '../../../../contracts/chat-read-marks';
import type { ChatSettings, ChatSettingsPatchBody } from '../../../../contracts/chat-settings';
import { ApiError } from '../../../api/api-error';
import { SaveBar } from '../../../components/save-bar';
import { currentAppQueryPrefix, useCurrentApp } from '../../../kernel/current-app';
import { AccountSection } from '../../account';
import { SettingsQueryPage } from '../../app-settings';
import { chatSettingsApi, chatSettingsKeys, chatSettingsQuery } from './chat-settings-api';
import { chatCreatorKinds, chatSettingsChangesOf, sortedRoles } from './chat-settings-values';
import classes from './chat-settings.module.css';

function ChatSettingsForm({ settings }: { settings: ChatSettings }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ChatSettings>(settings);
  const changes = chatSettingsChangesOf(settings, values);
  const dirty = Object.keys(changes).length > 0;

  const save = useMutation({
    mutationFn: (body: ChatSettingsPatchBody) => chatSettingsApi.update(app.id, body),
    meta: { silent: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(chatSettingsKeys.all(app.id), updated);
      // Who may start which chat is part of the app's abilities: the app is read again.
      void queryClient.invalidateQueries({ queryKey: currentAppQueryPrefix(app.slug) });
      notifications.show({ color: 'teal', message: t('chatSettings.saved') });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t(error instanceof ApiError ? error.message : 'errors.generic'),
      });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dirty) {
      save.mutate(changes);
    }
  };

  // A public group is a group chat: a role ticked for public groups only would start none.
  const publicOnly = values.publicGroupChatCreators.filter(
    (role) => !values.groupChatCreators.includes(role),
  );

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.form} data-testid="chat-settings-form">
      <AccountSection title={t('chatSettings.create.title')} text={t('chatSettings.create.text')}>
        <Stack gap="lg">
          {chatCreatorKinds.map(({ field, key }) => (
            <Checkbox.Group
              key={field}
              label={t(`chatSettings.create.${key}`)}
              description={t(`chatSettings.create.${key}Hint`)}
              value={values[field]}
              onChange={(roles) => setValues((current) => ({ ...current, [field]: sortedRoles(roles) }))}
              data-testid={`chat-creators-${key}`}
            >
              <Group gap="lg" mt={8}>
                <Checkbox value="member" label={t('chatSettings.roles.member')} />
                <Checkbox value="moderator" label={t('chatSettings.roles.moderator')} />
                <Text size="sm" c="dimmed">
                  {t('chatSettings.create.admins')}
                </Text>
              </Group>
            </Checkbox.Group>
          ))}
          {publicOnly.length > 0 ? (
            <Alert
              variant="light"
              color="orange"
              icon={<IconInfoCircle size={18} />}
              data-testid="chat-public-needs-group"
            >
              {t('chatSettings.create.publicNeedsGroup')}
            </Alert>
          ) : null}
        </Stack>
      </AccountSection>
      <AccountSection title={t('chatSettings.messages.title')} text={t('chatSettings.messages.text')}>
        <Stack gap="lg">
          <Switch
            size="md"
            label={t('chatSettings.messages.voice')}
            description={t('chatSettings.messages.voiceHint')}
            checked={values.voiceMessages}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, voiceMessages: checked }));
            }}
            data-testid="chat-voice-messages"
          />
          <Switch
            size="md"
            label={t('chatSettings.messages.readMarkers')}
            description={t('chatSettings.messages.readMarkersHint', { max: chatReadMarksMaxMembers })}
            checked={values.readMarkers}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, readMarkers: checked }));
            }}
            data-testid="chat-read-markers"
          />
        </Stack>
      </AccountSection>
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onDiscard={() => setValues(settings)}
        testId="chat-settings-save-bar"
      />
    </form>
  );
}

/** `settings/chat` (ROUTE-98, the app's `edit`): who starts which chat, voice messages, read markers. */
export function ChatSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const query = useQuery(chatSettingsQuery(app.id));
  return (
    <SettingsQueryPage
      title={t('chatSettings.title')}
      lead={t('chatSettings.lead')}
      query={query}
      loadError={t('chatSettings.loadError')}
      skeletons={[300, 180]}
      testId="chat-settings"
    >
      {(settings, key) => <ChatSettingsForm key={key} settings={settings} />}
    </SettingsQueryPage>
  );
}
