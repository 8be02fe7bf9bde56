import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Skeleton,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCalendarPlus,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '../../components/confirm-actions';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { AccountSection } from '../account';
import { eventFeedQuery, useEventFeedMutations } from './events-api';

type Confirming = 'rotate' | 'remove' | null;

/**
 * "Kalender abonnieren" in the member's profile (issue 18): a private `webcal://` feed of their events that
 * calendar apps refresh hourly; a new link ends the old one, and the link can be deleted.
 */
export function EventFeedSection() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  if (!app.services.events) {
    return null;
  }
  return (
    <AccountSection
      title={t('eventSettings.feed.title')}
      text={t('eventSettings.feed.text')}
      testId="event-feed"
    >
      <FeedControls />
    </AccountSection>
  );
}

function FeedControls() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const feed = useQuery(eventFeedQuery(app.id));
  const { create, remove } = useEventFeedMutations();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const isMobile = useIsMobile();

  const handleCreate = (message: string) =>
    create.mutate(undefined, {
      onSuccess: (answer) => {
        queryClient.setQueryData(eventFeedQuery(app.id).queryKey, answer.data);
        setConfirming(null);
        notifications.show({ color: 'teal', message });
      },
    });
  const handleRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        queryClient.setQueryData(eventFeedQuery(app.id).queryKey, null);
        setConfirming(null);
        notifications.show({ color: 'teal', message: t('eventSettings.feed.removed') });
      },
    });

  if (feed.isPending) {
    return <Skeleton height={72} radius="md" />;
  }
  if (feed.isError) {
    return (
      <Group gap="sm">
        <Text size="sm">{t('eventSettings.feed.loadError')}</Text>
        <Button variant="default" size="xs" onClick={() => void feed.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  }
  if (!feed.data) {
    return (
      <Button
        leftSection={<IconCalendarPlus size={18} stroke={1.7} />}
        loading={create.isPending}
        onClick={() => handleCreate(t('eventSettings.feed.created'))}
        data-testid="event-feed-create"
      >
        {t('eventSettings.feed.create')}
      </Button>
    );
  }

  const { webcalUrl } = feed.data;
  return (
    <>
      <TextInput
        label={t('eventSettings.feed.link')}
        description={t('eventSettings.feed.linkHint')}
        value={webcalUrl}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        rightSection={
          <CopyButton value={webcalUrl} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip
                label={copied ? t('eventSettings.feed.copied') : t('eventSettings.feed.copy')}
                withArrow
              >
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('eventSettings.feed.copy')}
                  data-testid="event-feed-copy"
                >
                  {copied ? <IconCheck size={17} stroke={1.8} /> : <IconCopy size={17} stroke={1.8} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
        data-testid="event-feed-link"
      />
      <Group
        gap="sm"
        mt="md"
        // On a phone one button a row, each as wide as the section.
        style={isMobile ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
      >
        <Button
          component="a"
          href={webcalUrl}
          leftSection={<IconExternalLink size={17} stroke={1.7} />}
          data-testid="event-feed-open"
        >
          {t('eventSettings.feed.open')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={17} stroke={1.7} />}
          onClick={() => setConfirming('rotate')}
          data-testid="event-feed-rotate"
        >
          {t('eventSettings.feed.rotate')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={17} stroke={1.7} />}
          onClick={() => setConfirming('remove')}
          data-testid="event-feed-remove"
        >
          {t('eventSettings.feed.remove')}
        </Button>
      </Group>
      {confirming ? (
        <Modal
          opened
          onClose={() => setConfirming(null)}
          title={t(`eventSettings.feed.${confirming}Title`)}
          radius="lg"
          centered
        >
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} stroke={1.7} />}>
            {t(`eventSettings.feed.${confirming}Warning`)}
          </Alert>
          <ConfirmActions
            onCancel={() => setConfirming(null)}
            onConfirm={
              confirming === 'rotate' ? () => handleCreate(t('eventSettings.feed.rotated')) : handleRemove
            }
            confirmLabel={t(`eventSettings.feed.${confirming}Confirm`)}
            confirmIcon={
              confirming === 'rotate' ? (
                <IconRefresh size={18} stroke={1.8} />
              ) : (
                <IconTrash size={18} stroke={1.8} />
              )
            }
            loading={create.isPending || remove.isPending}
            testId={`event-feed-${confirming}-confirm`}
          />
        </Modal>
      ) : null}
    </>
  );
}
