import { useState } from 'react';
import { ActionIcon, Badge, Menu, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArrowRight, IconDoorExit, IconDots, IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Project } from '../../../contracts/projects';
import { ConfirmDialog } from './confirm-dialog';
import { canInProject } from './project-context';
import { ProjectMark } from './project-mark';
import { projectsApi, refreshWorkspace } from './projects-api';
import { projectPaths } from './projects-paths';
import { UsageBars } from './usage-bars';
import classes from './projects.module.css';

type Action = 'archive' | 'restore' | 'leave';

/** What the caller may do with a project from its card (spec §6: the menu hides what they may not). */
export function projectActionsOf(project: Project): Action[] {
  const actions: Action[] = [];
  if (project.isOwner && canInProject(project, 'edit')) {
    actions.push(project.isArchive ? 'restore' : 'archive');
  }
  if (!project.isOwner) {
    actions.push('leave');
  }
  return actions;
}

const actionIcons = {
  archive: <IconArchive size={17} stroke={1.7} />,
  restore: <IconRestore size={17} stroke={1.7} />,
  leave: <IconDoorExit size={17} stroke={1.7} />,
};

/** One project on the list: name, tariff, apps, usage at a glance and its action menu. */
export function ProjectCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The action stays set while the dialog fades out, so its texts do not vanish mid-animation.
  const [action, setAction] = useState<Action>('archive');
  const [confirming, setConfirming] = useState(false);
  const actions = projectActionsOf(project);
  const canOpen = canInProject(project, 'view');

  const run = useMutation({
    mutationFn: (action: Action) =>
      action === 'archive'
        ? projectsApi.archive(project.id)
        : action === 'restore'
          ? projectsApi.restore(project.id)
          : projectsApi.leave(project.id),
    onSuccess: async (_result, done) => {
      setConfirming(false);
      notifications.show({
        color: 'teal',
        message: t(`workspace.projects.actions.${done}Done`, { name: project.name }),
      });
      await refreshWorkspace(queryClient, project.id);
    },
  });

  const usageSummary = project.usage.filter((item) => item.key === 'apps' || item.key === 'contacts');

  return (
    <Paper
      className={classes.card}
      data-testid={`project-card-${project.id}`}
      data-archived={project.isArchive || undefined}
    >
      <div className={classes.cardHead}>
        <ProjectMark name={project.name} size={44} />
        <div className={classes.cardTitleBox}>
          {canOpen ? (
            <Link
              to={projectPaths.view(project.id)}
              className={classes.cardTitle}
              data-testid="project-card-open"
            >
              {project.name}
            </Link>
          ) : (
            <span className={classes.cardTitle}>{project.name}</span>
          )}
          <div className={classes.cardMeta}>
            <Badge variant="light" size="sm" radius="sm">
              {project.tariff.name}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('workspace.projects.appsCount', { count: project.appsCount })}
            </Text>
            {project.isOwner ? null : (
              <Text size="xs" c="dimmed">
                · {t('workspace.projects.teamRole')}
              </Text>
            )}
          </div>
        </div>
        <Menu position="bottom-end" width={220} shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('workspace.projects.actions.menu', { name: project.name })}
              data-testid="project-card-menu"
            >
              <IconDots size={19} stroke={1.7} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canOpen ? (
              <Menu.Item
                leftSection={<IconArrowRight size={17} stroke={1.7} />}
                onClick={() => void navigate(projectPaths.view(project.id))}
                data-testid="project-action-open"
              >
                {t('workspace.projects.actions.open')}
              </Menu.Item>
            ) : null}
            {actions.map((item) => (
              <Menu.Item
                key={item}
                color={item === 'restore' ? undefined : 'red'}
                leftSection={actionIcons[item]}
                onClick={() => {
                  setAction(item);
                  setConfirming(true);
                }}
                data-testid={`project-action-${item}`}
              >
                {t(`workspace.projects.actions.${item}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </div>
      <UsageBars items={usageSummary} compact />
      {canOpen ? (
        <Link to={projectPaths.view(project.id)} className={classes.cardFooterLink}>
          {t('workspace.projects.openDashboard')}
          <IconArrowRight size={16} stroke={1.8} />
        </Link>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => run.mutate(action)}
        title={t(`workspace.projects.confirm.${action}Title`, { name: project.name })}
        text={t(`workspace.projects.confirm.${action}Text`, { name: project.name })}
        confirmLabel={t(`workspace.projects.actions.${action}`)}
        confirmIcon={actionIcons[action]}
        destructive={action !== 'restore'}
        loading={run.isPending}
        testId="project-confirm"
      />
    </Paper>
  );
}
