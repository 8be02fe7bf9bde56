import type { ReactNode } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../kernel/use-page-title';
import classes from './app-settings.module.css';

type SettingsPageHeaderProps = {
  title: string;
  lead?: string;
  /** A sub-screen links back to its list. */
  back?: { to: string; label: string };
  actions?: ReactNode;
};

/** The heading each settings screen starts with; also the document title. */
export function SettingsPageHeader({ title, lead, back, actions }: SettingsPageHeaderProps) {
  usePageTitle(title);
  return (
    <header className={classes.header}>
      <div className={classes.headerText}>
        {back ? (
          <Anchor component={Link} to={back.to} className={classes.headerBack} data-testid="settings-back">
            <IconChevronLeft size={16} stroke={2} />
            {back.label}
          </Anchor>
        ) : null}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {lead ? <Text className={classes.lead}>{lead}</Text> : null}
      </div>
      {actions ? <div className={classes.headerActions}>{actions}</div> : null}
    </header>
  );
}
