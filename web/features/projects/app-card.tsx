import { useState, type MouseEvent } from 'react';
import { ActionIcon, Anchor, Badge, Menu, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconDots, IconExternalLink, IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { App } from '../../../contracts/apps';
import { languageNames } from '../../i18n/languages';
import { openWithSession } from '../../kernel/open-with-session';
import { ConfirmDialog } from './confirm-dialog';
import { ProjectMark } from './project-mark';
import { projectsApi, refreshWorkspace } from './projects-api';
import { appAddress } from './projects-paths';
import classes from './projects.module.css';

/** One app of the project: its name, its address on the public domain and (when allowed) archive or restore. */
export function AppCard({ app, canManage }: { app: App; canManage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const address = appAddress(app.publicDomain, app.slug);
  const action = app.isArchive ? 'restore' : 'archive';
  // A plain click hands the session over (spec §2 stash), so the owner lands signed in; a middle or
  // modified click keeps the browser's own handling of the link.
  const handleOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void openWithSession(address);
  };

  const run = useMutation({
    mutationFn: () => (app.isArchive ? projectsApi.restoreApp(app.id) : projectsApi.archiveApp(app.id)),
    onSuccess: async () => {
      setConfirming(false);
      notifications.show({ color: 'teal', message: t(`workspace.apps.${action}Done`, { name: app.name }) });
      await refreshWorkspace(queryClient, app.projectId);
    },
  });

  return (
    <Paper
      className={classes.appCard}
      data-archived={app.isArchive || undefined}
      data-testid={`app-card-${app.slug}`}
    >
      <div className={classes.cardHead}>
        <ProjectMark name={app.name} size={44} />
        <div className={classes.cardTitleBox}>
          <Text className={classes.cardTitle} component="span">
            {app.name}
          </Text>
          <Anchor
            href={address}
            target="_blank"
            rel="noopener"
            size="sm"
            className={classes.appLink}
            onClick={handleOpen}
            data-testid="app-card-link"
          >
            <span className={classes.appLinkText}>{address.replace(/^https?:\/\//, '')}</span>
            <IconExternalLink size={14} stroke={1.8} className={classes.appLinkIcon} />
          </Anchor>
        </div>
        <Menu position="bottom-end" width={220} shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('workspace.apps.menu', { name: app.name })}
              data-testid="app-card-menu"
            >
              <IconDots size={19} stroke={1.7} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {app.isArchive ? null : (
              <Menu.Item
                component="a"
                href={address}
                target="_blank"
                rel="noopener"
                onClick={handleOpen}
                leftSection={<IconExternalLink size={17} stroke={1.7} />}
              >
                {t('workspace.apps.open')}
              </Menu.Item>
            )}
            {canManage ? (
              <Menu.Item
                color={app.isArchive ? undefined : 'red'}
                leftSection={
                  app.isArchive ? (
                    <IconRestore size={17} stroke={1.7} />
                  ) : (
                    <IconArchive size={17} stroke={1.7} />
                  )
                }
                onClick={() => setConfirming(true)}
                data-testid={`app-action-${action}`}
              >
                {t(`workspace.apps.${action}`)}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </div>
      <div className={classes.cardMeta}>
        <Badge variant="light" color="gray" size="sm" radius="sm">
          {languageNames[app.language]}
        </Badge>
        {app.isOwner ? (
          <Badge variant="light" size="sm" radius="sm">
            {t('workspace.apps.owner')}
          </Badge>
        ) : null}
        {app.isArchive ? (
          <Badge variant="light" color="orange" size="sm" radius="sm">
            {t('workspace.apps.archived')}
          </Badge>
        ) : null}
      </div>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => run.mutate()}
        title={t(`workspace.apps.confirm.${action}Title`, { name: app.name })}
        text={t(`workspace.apps.confirm.${action}Text`, { name: app.name })}
        confirmLabel={t(`workspace.apps.${action}`)}
        confirmIcon={
          app.isArchive ? <IconRestore size={17} stroke={1.8} /> : <IconArchive size={17} stroke={1.8} />
        }
        destructive={!app.isArchive}
        loading={run.isPending}
        testId="app-confirm"
      />
    </Paper>
  );
}
