import { Button, Menu } from '@mantine/core';
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
import { useCurrentApp } from '../../../kernel/current-app';
import { useSpaceMembership } from '../community-mutations';

/**
 * Join, request, leave (spec §6 space join and leave abilities, in `permissions.can`): open spaces are joined
 * at once, private ones by a request a moderator approves; a member leaves through the "Beigetreten" menu, a
 * waiting request can be taken back.
 */
export function MembershipButton({ space, fullWidth }: { space: Space; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const membership = useSpaceMembership(app.id);
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
