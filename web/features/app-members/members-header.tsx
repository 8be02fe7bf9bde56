import type { ReactNode } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { membersPaths } from './members-paths';
import classes from './app-members.module.css';

type MembersHeaderProps = {
  title: string;
  lead?: string;
  /** A sub-screen links back to the members list. */
  back?: boolean;
  /** Buttons on the right (below the title on a phone). */
  actions?: ReactNode;
};

/** The heading every member administration screen starts with; also sets the document title. */
export function MembersHeader({ title, lead, back, actions }: MembersHeaderProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  usePageTitle(title);
  return (
    <header className={classes.header} data-mobile={isMobile || undefined}>
      <div className={classes.headerText}>
        {back ? (
          <Anchor
            component={Link}
            to={membersPaths(app.slug).list}
            className={classes.back}
            data-testid="members-back"
          >
            <IconChevronLeft size={16} stroke={2} />
            {t('members.title')}
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
