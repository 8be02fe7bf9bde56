import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pushSubscriptionBodySchema } from '../../../contracts/push';
import { ApiError } from '../../api/api-error';
import { notifyError } from '../../api/notify-error';
import { useCurrentApp } from '../../kernel/current-app';
import { AccountSection } from '../account';
import { useAccount } from '../../kernel/session/account-store';
import { appProfileApi, pushSettingsQuery } from './app-profile-api';
import { rememberPushOwner } from './push-refresh';
import {
  currentPushSubscription,
  isPushSupported,
  notificationPermission,
  PushPermissionError,
  pushScopeOf,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './web-push';

/**
 * Push on this browser (issue 16): whether it can, what the browser allows, and switching this device on or off.
 * The channel switch above decides whether anything is sent at all.
 */
export function PushDeviceSection({ isPushEnabled }: { isPushEnabled: boolean }) {
  const { t } = useTranslation();
  const supported = isPushSupported();
  return (
    <AccountSection
      title={t('appProfile.notifications.device.title')}
      text={t('appProfile.notifications.device.text')}
      testId="push-device"
    >
      {supported ? (
        <PushDeviceControls isPushEnabled={isPushEnabled} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="push-unsupported">
          {t('appProfile.notifications.device.unsupported')}
        </Text>
      )}
    </AccountSection>
  );
}

function PushDeviceControls({ isPushEnabled }: { isPushEnabled: boolean }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const accountId = useAccount()?.id ?? null;
  const queryClient = useQueryClient();
  const scope = pushScopeOf(app.slug);
  const deviceKey = ['web-push', scope];
  const [permission, setPermission] = useState(notificationPermission);
  const [wasDismissed, setWasDismissed] = useState(false);
  // This browser's subscription, stored again on the server each time the page opens: that heals one the
  // server dropped or another member took over, and one the browser replaced meanwhile.
  const device = useQuery({
    queryKey: deviceKey,
    queryFn: async () => {
      const subscription = await currentPushSubscription(scope);
      const body = pushSubscriptionBodySchema.safeParse(subscription?.toJSON());
      if (body.success && notificationPermission() === 'granted') {
        // Best effort: when it fails, the next visit tries again; the device is subscribed either way.
        await appProfileApi.subscribePush(app.id, body.data).catch(() => undefined);
        // Whoever opens this screen with push on here keeps it fresh from now on (push-refresh.ts).
        rememberPushOwner(app.id, accountId);
      }
      return subscription?.endpoint ?? null;
    },
    meta: { silent: true },
  });
  // Read once this browser's subscription is stored: the count includes it.
  const settings = useQuery({ ...pushSettingsQuery(app.id), enabled: device.isFetched });
  const isOn = Boolean(device.data);

  const afterChange = (endpoint: string | null, message: string) => {
    queryClient.setQueryData(deviceKey, endpoint);
    void queryClient.invalidateQueries({ queryKey: pushSettingsQuery(app.id).queryKey });
    toasts.show({ color: 'teal', message });
  };

  const enable = useMutation({
    mutationFn: async (publicKey: string) => {
      const subscription = await subscribeThisBrowser(scope, publicKey);
      await appProfileApi.subscribePush(app.id, subscription);
      rememberPushOwner(app.id, accountId);
      return subscription.endpoint;
    },
    meta: { silent: true },
    onSettled: () => setPermission(notificationPermission()),
    onSuccess: (endpoint) => afterChange(endpoint, t('appProfile.notifications.device.enabled')),
    onError: (error) => {
      if (error instanceof PushPermissionError) {
        setWasDismissed(error.permission === 'default');
      } else if (error instanceof ApiError) {
        notifyError(error);
      } else {
        toasts.show({ color: 'red', message: t('appProfile.notifications.device.failed') });
      }
    },
  });

  const disable = useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisBrowser(scope);
      rememberPushOwner(app.id, null);
      if (endpoint) {
        await appProfileApi.unsubscribePush(app.id, endpoint);
      }
    },
    onSuccess: () => afterChange(null, t('appProfile.notifications.device.disabled')),
  });

  const handleEnable = () => {
    if (settings.data) {
      enable.mutate(settings.data.publicKey);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">{t('appProfile.notifications.device.permission')}:</Text>
        <Badge
          variant="light"
          color={permission === 'granted' ? 'teal' : permission === 'denied' ? 'red' : 'gray'}
          data-testid="push-permission"
        >
          {t(`appProfile.notifications.device.permissions.${permission}`)}
        </Badge>
      </Group>
      <Group gap="xs">
        <Text size="sm">{t('appProfile.notifications.device.status')}:</Text>
        <Badge variant="light" color={isOn ? 'teal' : 'gray'} data-testid="push-device-status">
          {t(isOn ? 'appProfile.notifications.device.on' : 'appProfile.notifications.device.off')}
        </Badge>
      </Group>
      {settings.data && settings.data.subscriptions > 0 ? (
        <Text size="sm" c="dimmed" data-testid="push-device-count">
          {t('appProfile.notifications.device.devices', { count: settings.data.subscriptions })}
        </Text>
      ) : null}
      {permission === 'denied' ? (
        <Alert color="red" variant="light" data-testid="push-denied">
          {t('appProfile.notifications.device.denied')}
        </Alert>
      ) : null}
      {wasDismissed && permission === 'default' ? (
        <Text size="sm" c="dimmed">
          {t('appProfile.notifications.device.dismissed')}
        </Text>
      ) : null}
      {isOn && !isPushEnabled ? (
        <Text size="sm" c="dimmed">
          {t('appProfile.notifications.device.channelOff')}
        </Text>
      ) : null}
      <Group>
        {isOn ? (
          <Button variant="default" loading={disable.isPending} onClick={() => disable.mutate()}>
            {t('appProfile.notifications.device.disable')}
          </Button>
        ) : (
          <Button
            leftSection={<IconDeviceMobileMessage size={18} stroke={1.7} />}
            loading={enable.isPending}
            disabled={!settings.data || !device.isSuccess || permission === 'denied'}
            onClick={handleEnable}
          >
            {t('appProfile.notifications.device.enable')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
