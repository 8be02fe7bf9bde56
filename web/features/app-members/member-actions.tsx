import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconMailForward, IconPencil, IconUser, IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { ConfirmDialog } from './confirm-dialog';
import { fullName } from './member-badges';
import { memberKeys, membersApi, type Member } from './members-api';
import { membersPaths } from './members-paths';
import { tagKeys } from './tags-api';

/** Whether the admin form has anything this caller may change on the member. */
export const canOpenAdminForm = (member: Pick<Member, 'permissions'>) =>
  member.permissions.can.includes('edit') || member.permissions.can.includes('moderate');

/**
 * The action menu of one member row. Items the caller's abilities on that member (`permissions.can`) do
 * not allow are left out, not greyed (spec §6).
 */
export function MemberActions({ member, onEdit }: { member: Member; onEdit: () => void }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const can = (ability: Member['permissions']['can'][number]) => member.permissions.can.includes(ability);
  const name = fullName(member);

  const resend = useMutation({
    mutationFn: () => membersApi.resendInvitation(member.id),
    onSuccess: () =>
      notifications.show({
        color: 'teal',
        message: t('members.actions.invitationResent', { email: member.email ?? name }),
      }),
  });
  const remove = useMutation({
    mutationFn: () => membersApi.remove(member.id),
    onSuccess: async () => {
      setConfirming(false);
      notifications.show({ color: 'teal', message: t('members.actions.removed', { name }) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all(app.id) }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all(app.id) }),
      ]);
    },
  });

  return (
    <>
      <Menu position="bottom-end" withinPortal width={240}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('members.actions.menuFor', { name })}
            data-testid={`member-menu-${member.id}`}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="member-menu">
          {canOpenAdminForm(member) ? (
            <Menu.Item
              leftSection={<IconPencil size={16} />}
              onClick={onEdit}
              data-testid="member-action-edit"
            >
              {t('members.actions.edit')}
            </Menu.Item>
          ) : null}
          {member.type === 'invited' ? null : (
            <Menu.Item
              component={Link}
              to={membersPaths(app.slug).member(member.id)}
              leftSection={<IconUser size={16} />}
              data-testid="member-action-view"
            >
              {t('members.actions.viewProfile')}
            </Menu.Item>
          )}
          {can('resend_invitation') ? (
            <Menu.Item
              leftSection={<IconMailForward size={16} />}
              onClick={() => resend.mutate()}
              disabled={resend.isPending}
              data-testid="member-action-resend"
            >
              {t('members.actions.resendInvitation')}
            </Menu.Item>
          ) : null}
          {can('delete') ? (
            <>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconUserMinus size={16} />}
                onClick={() => setConfirming(true)}
                data-testid="member-action-remove"
              >
                {t('members.actions.remove')}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        title={t('members.actions.removeTitle')}
        text={t('members.actions.removeText', { name })}
        confirmLabel={t('members.actions.remove')}
        confirmIcon={<IconUserMinus size={17} stroke={1.8} />}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
        testId="member-remove-confirm"
      />
    </>
  );
}
