import { useState } from 'react';
import { Button, Menu, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconMailForward, IconMask, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  appCan,
  appHomePath,
  forgetAnswersOfViewer,
  startMasquerade,
  useCurrentApp,
} from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { ConfirmActions } from '../../components/confirm-actions';
import { memberApi, type Member } from './member-api';
import { memberAdminPath, memberNameOf } from './member-paths';

type MemberActionsProps = { member: Member; isSelf: boolean };

/** The admin menu of the member page: each action only when the member's `permissions.can` holds it. */
export function MemberActions({ member, isSelf }: MemberActionsProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const can = member.permissions.can;
  const name = memberNameOf(member);

  const resend = useMutation({
    mutationFn: () => memberApi.resendInvitation(member.id),
    onSuccess: () => notifications.show({ color: 'teal', message: t('member.actions.resent', { name }) }),
  });
  const remove = useMutation({
    mutationFn: () => memberApi.remove(member.id),
    onSuccess: () => {
      setConfirmDelete(false);
      queryClient.removeQueries({ queryKey: ['member', member.id] });
      notifications.show({ color: 'teal', message: t('member.actions.deleted', { name }) });
      void navigate(
        appCan(app, 'settings_members') ? `/${app.slug}/settings/members` : appHomePath(app.slug),
      );
    },
  });
  const handleMasquerade = () => {
    startMasquerade(app.slug, member.id);
    forgetAnswersOfViewer(queryClient);
    notifications.show({ color: 'orange', message: t('member.masquerade.started', { name }) });
    void navigate(appHomePath(app.slug));
  };

  // The own profile is edited (and left) on its own screen; the admin form is for the others.
  const editPath = isSelf ? `/${app.slug}/profile` : memberAdminPath(app.slug, member.id);
  const canEdit = can.includes('edit') && (isSelf || appCan(app, 'settings_members'));
  const canMasquerade = can.includes('masquerade');
  const canResend = can.includes('resend_invitation') && member.type === 'invited';
  const canDelete = can.includes('delete') && !isSelf;
  if (!canEdit && !canMasquerade && !canResend && !canDelete) {
    return null;
  }

  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<IconChevronDown size={16} stroke={1.8} />}
            fullWidth={isMobile}
            data-testid="member-actions"
          >
            {t('member.actions.label')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {canEdit ? (
            <Menu.Item
              component={Link}
              to={editPath}
              leftSection={<IconPencil size={16} stroke={1.7} />}
              data-testid="member-action-edit"
            >
              {t('member.actions.edit')}
            </Menu.Item>
          ) : null}
          {canMasquerade ? (
            <Menu.Item
              leftSection={<IconMask size={16} stroke={1.7} />}
              onClick={handleMasquerade}
              data-testid="member-action-masquerade"
            >
              {t('member.actions.masquerade')}
            </Menu.Item>
          ) : null}
          {canResend ? (
            <Menu.Item
              leftSection={<IconMailForward size={16} stroke={1.7} />}
              onClick={() => resend.mutate()}
              disabled={resend.isPending}
              data-testid="member-action-resend"
            >
              {t('member.actions.resend')}
            </Menu.Item>
          ) : null}
          {canDelete ? (
            <>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} stroke={1.7} />}
                onClick={() => setConfirmDelete(true)}
                data-testid="member-action-delete"
              >
                {t('member.actions.delete')}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('member.actions.deleteTitle')}
        centered
        size={isMobile ? '100%' : 'md'}
      >
        <Text size="sm" c="dimmed" mb="md">
          {t('member.actions.deleteText', { name, app: app.name })}
        </Text>
        <ConfirmActions
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => remove.mutate()}
          confirmLabel={t('member.actions.delete')}
          confirmIcon={<IconTrash size={17} stroke={1.8} />}
          loading={remove.isPending}
          testId="member-delete-confirm"
        />
      </Modal>
    </>
  );
}
