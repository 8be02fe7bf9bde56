import type { ReactNode } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { useProject, projectPaths } from '../projects';
import classes from './project-settings.module.css';

type SettingsHeaderProps = {
  title: string;
  lead: string;
  /** Next to the title, e.g. a toggle or the main action. */
  aside?: ReactNode;
  /** Sub-pages link back to the settings list; the list itself does not. */
  back?: boolean;
};

/** The heading of a project settings screen. */
export function SettingsHeader({ title, lead, aside, back = true }: SettingsHeaderProps) {
  const { t } = useTranslation();
  const project = useProject();
  const isMobile = useIsMobile();
  usePageTitle(`${title} · ${project.name}`);
  return (
    <header className={classes.header} data-mobile={isMobile || undefined}>
      {back ? (
        <Anchor component={Link} to={projectPaths.settings(project.id)} className={classes.backLink}>
          <IconArrowLeft size={16} stroke={1.8} />
          {t('workspace.settings.title')}
        </Anchor>
      ) : null}
      <div className={classes.headerRow}>
        <div>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text className={classes.lead}>{lead}</Text>
        </div>
        {aside}
      </div>
    </header>
  );
}
