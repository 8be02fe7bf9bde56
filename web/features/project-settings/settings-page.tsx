import type { ComponentType } from 'react';
import { Text, ThemeIcon } from '@mantine/core';
import { IconAddressBook, IconChevronRight, IconCreditCard, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsMobile } from '../../kernel/ui-store';
import { canInProject, useProject, projectPaths } from '../projects';
import { ProjectNameForm } from './project-name-form';
import { SettingsHeader } from './settings-header';
import classes from './project-settings.module.css';

type Entry = {
  id: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  text: string;
};

/** `/projects/{projectId}/settings` (ROUTE-15): the project's name and the settings screens that exist. */
export function ProjectSettingsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  const entries: Entry[] = [
    ...(canInProject(project, 'team')
      ? [
          {
            id: 'team',
            to: projectPaths.team(project.id),
            icon: IconUsersGroup,
            title: t('workspace.settings.entries.team'),
            text: t('workspace.settings.entries.teamText'),
          },
        ]
      : []),
    {
      id: 'contacts',
      to: projectPaths.contacts(project.id),
      icon: IconAddressBook,
      title: t('workspace.settings.entries.contacts'),
      text: t('workspace.settings.entries.contactsText'),
    },
    {
      id: 'payment-plan',
      to: projectPaths.paymentPlan(project.id),
      icon: IconCreditCard,
      title: t('workspace.settings.entries.paymentPlan'),
      text: t('workspace.settings.entries.paymentPlanText', { name: project.tariff.name }),
    },
  ];

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="project-settings">
      <SettingsHeader
        back={false}
        title={t('workspace.settings.title')}
        lead={t('workspace.settings.lead')}
      />
      {/* The form starts again from the saved name whenever the server answers with a new one. */}
      <ProjectNameForm key={project.name} project={project} />
      <div className={classes.entries}>
        {entries.map(({ id, to, icon: Icon, title, text }) => (
          <Link key={id} to={to} className={classes.entry} data-testid={`settings-entry-${id}`}>
            <ThemeIcon size={42} radius="md" variant="light">
              <Icon size={22} stroke={1.6} />
            </ThemeIcon>
            <div className={classes.entryText}>
              <Text fw={600}>{title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </div>
            <IconChevronRight size={18} stroke={1.8} className={classes.entryArrow} />
          </Link>
        ))}
      </div>
    </div>
  );
}
