import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import { useIsMobile } from '../../../kernel/ui-store';
import classes from './page-header.module.css';

type PageHeaderProps = { title: string; lead?: string; actions?: ReactNode; eyebrow?: ReactNode };

/** The page's title (its one `h1`), a line about it and its main actions. */
export function PageHeader({ title, lead, actions, eyebrow }: PageHeaderProps) {
  const isMobile = useIsMobile();
  return (
    <header className={classes.header} data-mobile={isMobile || undefined}>
      <div className={classes.text}>
        {eyebrow ? <div className={classes.eyebrow}>{eyebrow}</div> : null}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {lead ? <Text className={classes.lead}>{lead}</Text> : null}
      </div>
      {actions ? <div className={classes.actions}>{actions}</div> : null}
    </header>
  );
}
