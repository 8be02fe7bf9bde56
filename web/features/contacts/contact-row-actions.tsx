import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconTrash, IconUser } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog, workspaceKeys, projectPaths } from '../projects';
import { contactKeys, contactsApi, type Contact } from './contacts-api';
import { contactName } from './contact-person';
import classes from './contacts.module.css';

/** A contact's menu: open the general profile (of the first app profile) and delete, as far as allowed. */
export function ContactRowActions({ projectId, contact }: { projectId: string; contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const firstProfile = contact.profiles[0];
  const canDelete = contact.permissions.can.includes('delete');

  const remove = useMutation({
    mutationFn: () => contactsApi.remove(contact.id),
    onSuccess: async () => {
      setConfirming(false);
      notifications.show({
        color: 'teal',
        message: t('workspace.contacts.deleted', { name: contactName(contact) }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all(projectId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.usage(projectId) }),
      ]);
    },
  });

  if (!firstProfile && !canDelete) {
    return null;
  }
  return (
    // The row opens the profile on click; nothing in here (portals included) may bubble up to it.
    <span onClick={(event) => event.stopPropagation()} className={classes.actions}>
      <Menu position="bottom-end" width={220} shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('workspace.contacts.menu', { name: contactName(contact) })}
            data-testid="contact-menu"
          >
            <IconDots size={19} stroke={1.7} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {firstProfile ? (
            <Menu.Item
              leftSection={<IconUser size={17} stroke={1.7} />}
              onClick={() => void navigate(projectPaths.contact(projectId, firstProfile.id))}
              data-testid="contact-open"
            >
              {t('workspace.contacts.open')}
            </Menu.Item>
          ) : null}
          {canDelete ? (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={17} stroke={1.7} />}
              onClick={() => setConfirming(true)}
              data-testid="contact-delete"
            >
              {t('workspace.contacts.delete')}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
        title={t('workspace.contacts.confirmTitle', { name: contactName(contact) })}
        text={t('workspace.contacts.confirmText', { email: contact.email })}
        confirmLabel={t('workspace.contacts.delete')}
        confirmIcon={<IconTrash size={17} stroke={1.8} />}
        loading={remove.isPending}
        testId="contact-confirm"
      />
    </span>
  );
}
