import { Button, Menu, VisuallyHidden } from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconClockHour4,
  IconDoorExit,
  IconPlus,
  IconSend,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Space } from '../../../../contracts/community-spaces';
import { spaceNotificationValues } from '../../../../contracts/enums';
import { useCurrentApp } from '../../../kernel/current-app';
import { useSpaceMembership, useSpaceNotifications } from '../community-mutations';
import classes from './space.module.css';

/**
 * Join, request, leave (spec §6 space join and leave abilities, in `permissions.can`): open spaces are joined
 * at once, private ones by a request a moderator approves; a member leaves through the "Beigetreten" menu, a
 * waiting request can be taken back. The same menu chooses the space's notifications (`bell`): all new posts,
 * pinned ones only, or none.
 */
export function MembershipButton({ space, fullWidth }: { space: Space; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const membership = useSpaceMembership(app.id);
  const notifications = useSpaceNotifications(app.id);
  const can = space.permissions.can;
  const status = space.membership?.status ?? null;
  const busy = membership.isPending;

  if (status === 'active' || status === 'requested') {
    if (!can.includes('leave')) {
      return status === 'requested' ? (
        <Button
          variant="light"
          leftSection={<IconClockHour4 size={18} stroke={1.8} />}
          disabled
          fullWidth={fullWidth}
        >
          {t('community.membership.requested')}
        </Button>
      ) : null;
    }
    return (
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            variant={status === 'active' ? 'default' : 'light'}
            leftSection={
              status === 'active' ? (
                <IconCheck size={18} stroke={2} />
              ) : (
                <IconClockHour4 size={18} stroke={1.8} />
              )
            }
            rightSection={<IconChevronDown size={15} stroke={1.8} />}
            loading={busy}
            fullWidth={fullWidth}
            data-testid="space-membership"
          >
            {t(status === 'active' ? 'community.membership.joined' : 'community.membership.requested')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {status === 'active' && can.includes('bell') ? (
            <>
              <Menu.Label>{t('community.membership.notify')}</Menu.Label>
              {spaceNotificationValues.map((value) => {
                const chosen = space.membership?.notify === value;
                return (
                  // Mantine's items are `menuitem`s (no aria-checked): the chosen one says so in its name.
                  <Menu.Item
                    key={value}
                    leftSection={
                      chosen ? <IconCheck size={16} stroke={2} /> : <span className={classes.menuGap} />
                    }
                    disabled={notifications.isPending}
                    onClick={() => notifications.mutate({ spaceId: space.id, notify: value })}
                    data-testid={`space-notify-${value}`}
                  >
                    {t(`community.membership.notify_${value}`)}
                    {chosen ? <VisuallyHidden>, {t('community.chosen')}</VisuallyHidden> : null}
                  </Menu.Item>
                );
              })}
              <Menu.Divider />
            </>
          ) : null}
          <Menu.Item
            color="red"
            leftSection={<IconDoorExit size={16} stroke={1.8} />}
            onClick={() => membership.mutate({ spaceId: space.id, join: false })}
            data-testid="space-leave"
          >
            {t(status === 'active' ? 'community.membership.leave' : 'community.membership.withdraw')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }

  if (!can.includes('join')) {
    return null;
  }
  const request = space.access !== 'open';
  return (
    <Button
      leftSection={request ? <IconSend size={17} stroke={1.8} /> : <IconPlus size={18} stroke={2} />}
      loading={busy}
      onClick={() => membership.mutate({ spaceId: space.id, join: true })}
      fullWidth={fullWidth}
      data-testid="space-join"
    >
      {t(request ? 'community.membership.request' : 'community.membership.join')}
    </Button>
  );
}
