import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TeamMemberStatus } from '../../../contracts/enums';
import { formatDate, workspaceKeys, ConfirmDialog } from '../projects';
import { teamApi, teamKeys, type TeamMember } from './team-api';
import classes from './team.module.css';

const statusColor: Record<TeamMemberStatus, string> = {
  active: 'teal',
  inactive: 'gray',
  pending: 'yellow',
};

export function personName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

export function initials(person: { firstName: string; lastName: string; email: string }): string {
  const name = `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.trim();
  return (name || person.email.charAt(0)).toUpperCase();
}

/** One team member with their status and (for the owner) pause, resume and remove. */
export function TeamMemberRow({ projectId, member }: { projectId: string; member: TeamMember }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const can = member.permissions.can;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all(projectId) }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.usage(projectId) }),
    ]);

  const setStatus = useMutation({
    mutationFn: (status: 'active' | 'inactive') => teamApi.setStatus(member.id, status),
    onSuccess: async (updated) => {
      notifications.show({
        color: 'teal',
        message: t(updated.status === 'active' ? 'workspace.team.resumed' : 'workspace.team.paused', {
          name: personName(updated),
        }),
      });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => teamApi.remove(member.id),
    onSuccess: async () => {
      setRemoving(false);
      notifications.show({
        color: 'teal',
        message: t('workspace.team.removed', { name: personName(member) }),
      });
      await refresh();
    },
  });

  const canPause = can.includes('edit') && member.status === 'active';
  const canResume = can.includes('edit') && member.status === 'inactive';
  const canRemove = can.includes('delete');
  const hasName = `${member.firstName}${member.lastName}`.trim() !== '';

  return (
    <div className={classes.row} data-testid={`team-member-${member.email}`}>
      <Avatar radius="xl" color={member.status === 'pending' ? 'gray' : 'brand'} variant="light">
        {initials(member)}
      </Avatar>
      <div className={classes.person}>
        <Text fw={600} size="sm" className={classes.ellipsis}>
          {hasName ? personName(member) : member.email}
        </Text>
        <Text size="xs" c="dimmed" className={classes.ellipsis}>
          {hasName ? `${member.email} · ` : ''}
          {member.status === 'pending'
            ? t('workspace.team.invitedAt', { date: formatDate(member.createdAt, i18n.language) })
            : t('workspace.team.since', { date: formatDate(member.createdAt, i18n.language) })}
        </Text>
      </div>
      <Badge color={statusColor[member.status]} variant="light" radius="sm" data-testid="team-member-status">
        {t(`workspace.team.status.${member.status}`)}
      </Badge>
      {canPause || canResume || canRemove ? (
        <Menu position="bottom-end" width={210} shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('workspace.team.menu', { name: personName(member) })}
              data-testid="team-member-menu"
            >
              <IconDots size={19} stroke={1.7} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canPause ? (
              <Menu.Item
                leftSection={<IconPlayerPause size={17} stroke={1.7} />}
                onClick={() => setStatus.mutate('inactive')}
                data-testid="team-member-pause"
              >
                {t('workspace.team.pause')}
              </Menu.Item>
            ) : null}
            {canResume ? (
              <Menu.Item
                leftSection={<IconPlayerPlay size={17} stroke={1.7} />}
                onClick={() => setStatus.mutate('active')}
                data-testid="team-member-resume"
              >
                {t('workspace.team.resume')}
              </Menu.Item>
            ) : null}
            {canRemove ? (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={17} stroke={1.7} />}
                onClick={() => setRemoving(true)}
                data-testid="team-member-remove"
              >
                {member.status === 'pending' ? t('workspace.team.withdraw') : t('workspace.team.remove')}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <span className={classes.menuSpacer} />
      )}
      <ConfirmDialog
        opened={removing}
        onClose={() => setRemoving(false)}
        onConfirm={() => remove.mutate()}
        title={t('workspace.team.confirmRemoveTitle', { name: personName(member) })}
        text={t('workspace.team.confirmRemoveText', { name: personName(member) })}
        confirmLabel={member.status === 'pending' ? t('workspace.team.withdraw') : t('workspace.team.remove')}
        confirmIcon={<IconTrash size={17} stroke={1.8} />}
        loading={remove.isPending}
        testId="team-remove-confirm"
      />
    </div>
  );
}
