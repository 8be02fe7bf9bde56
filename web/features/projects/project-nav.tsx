import type { ComponentType } from 'react';
import { Badge, Menu, UnstyledButton } from '@mantine/core';
import {
  IconAddressBook,
  IconCheck,
  IconFolders,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconLifebuoy,
  IconPlus,
  IconSchool,
  IconSelector,
  IconSettings,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Project } from '../../../contracts/projects';
import { projectListQuery } from './projects-api';
import { projectPaths } from './projects-paths';
import { ProjectMark } from './project-mark';
import { canInProject } from './project-context';
import classes from './projects.module.css';

type Tab = {
  id: 'dashboard' | 'contacts' | 'courses' | 'support' | 'files' | 'settings';
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  active: boolean;
};

/** The project's switcher and its sections (Dashboard, Kontakte, Kurse, Support, Dateien, Einstellungen), on desktop and phone. */
export function ProjectNav({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = projectPaths.view(project.id);
  const inSection = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  const tabs: Tab[] = [
    {
      id: 'dashboard',
      to: base,
      label: t('workspace.nav.dashboard'),
      icon: IconLayoutDashboard,
      active: pathname === base || inSection(projectPaths.dashboard(project.id)),
    },
    {
      id: 'contacts',
      to: projectPaths.contacts(project.id),
      label: t('workspace.nav.contacts'),
      icon: IconAddressBook,
      active: inSection(projectPaths.contacts(project.id)),
    },
    // Issue 19: the courses of every app (ROUTE-57), for whoever sees the project's apps.
    ...(canInProject(project, 'view_apps')
      ? [
          {
            id: 'courses' as const,
            to: projectPaths.courses(project.id),
            label: t('courses.dashboard.nav'),
            icon: IconSchool,
            active: inSection(projectPaths.courses(project.id)),
          },
        ]
      : []),
    // Issue 20: the support screens (web/features/tickets) are the app managers' (`apps`).
    ...(canInProject(project, 'apps')
      ? [
          {
            id: 'support' as const,
            to: projectPaths.support(project.id),
            label: t('workspace.nav.support'),
            icon: IconLifebuoy,
            active: inSection(projectPaths.support(project.id)),
          },
        ]
      : []),
    // Spec §6: the project's files need `view_files`.
    ...(canInProject(project, 'view_files')
      ? [
          {
            id: 'files' as const,
            to: projectPaths.cloud(project.id),
            label: t('workspace.nav.files'),
            icon: IconFolders,
            active: inSection(projectPaths.cloud(project.id)),
          },
        ]
      : []),
    {
      id: 'settings',
      to: projectPaths.settings(project.id),
      label: t('workspace.nav.settings'),
      icon: IconSettings,
      active: inSection(projectPaths.settings(project.id)),
    },
  ];

  return (
    <div className={classes.projectNav} data-testid="project-nav">
      <ProjectSwitcher project={project} />
      <nav className={classes.projectTabs} aria-label={t('workspace.nav.label')}>
        {tabs.map(({ id, to, label, icon: Icon, active }) => (
          <Link
            key={id}
            to={to}
            className={classes.projectTab}
            aria-current={active ? 'page' : undefined}
            data-testid={`project-tab-${id}`}
          >
            <Icon size={17} stroke={1.7} />
            {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** The project's name opens a list of the caller's other active projects. */
function ProjectSwitcher({ project }: { project: Project }) {
  const { t } = useTranslation();
  const projects = useQuery(projectListQuery(false));
  const others = projects.data?.data ?? [];
  return (
    <Menu position="bottom-start" width={280} shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.switcher} data-testid="project-switcher">
          <ProjectMark name={project.name} size={34} />
          <span className={classes.switcherText}>
            <span className={classes.switcherName}>{project.name}</span>
            <span className={classes.switcherMeta}>
              {t('workspace.project.tariff', { name: project.tariff.name })}
            </span>
          </span>
          {project.isArchive ? (
            <Badge color="gray" variant="light" size="sm">
              {t('workspace.project.archived')}
            </Badge>
          ) : null}
          <IconSelector size={16} stroke={1.8} className={classes.switcherIcon} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('workspace.switcher.label')}</Menu.Label>
        {others.map((item) => (
          <Menu.Item
            key={item.id}
            component={Link}
            to={projectPaths.view(item.id)}
            leftSection={<ProjectMark name={item.name} size={22} />}
            rightSection={item.id === project.id ? <IconCheck size={16} stroke={2} /> : null}
          >
            {item.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={projectPaths.list}
          leftSection={<IconLayoutGrid size={17} stroke={1.7} />}
        >
          {t('workspace.switcher.all')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={projectPaths.create}
          leftSection={<IconPlus size={17} stroke={1.7} />}
        >
          {t('workspace.switcher.create')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
