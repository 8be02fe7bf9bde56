import type { ComponentType, ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import { IconLock, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { accountPaths } from './account-paths';
import classes from './account.module.css';

export type SettingsLink = {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
};

type SettingsLayoutProps = {
  /** The document title of this screen. */
  title: string;
  heading: string;
  lead: string;
  navLabel: string;
  links: SettingsLink[];
  children: ReactNode;
};

/** Settings screens share a header and a side navigation (a row of tabs on mobile). */
export function SettingsLayout({ title, heading, lead, navLabel, links, children }: SettingsLayoutProps) {
  const isMobile = useIsMobile();
  usePageTitle(title);
  return (
    <div className={classes.page} data-mobile={isMobile || undefined}>
      <header className={classes.header}>
        <Title order={1} className={classes.title}>
          {heading}
        </Title>
        <Text className={classes.lead}>{lead}</Text>
      </header>
      <div className={classes.layout}>
        <nav className={classes.nav} aria-label={navLabel}>
          {links.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} end className={classes.navLink}>
              <Icon size={18} stroke={1.7} />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className={classes.sections}>{children}</div>
      </div>
    </div>
  );
}

type AccountLayoutProps = {
  /** The document title of this screen. */
  title: string;
  children: ReactNode;
};

/** The account screens of the service host. */
export function AccountLayout({ title, children }: AccountLayoutProps) {
  const { t } = useTranslation();
  const links = [
    { to: accountPaths.profile, label: t('account.nav.profile'), icon: IconUserCircle },
    { to: accountPaths.password, label: t('account.nav.password'), icon: IconLock },
  ];
  return (
    <SettingsLayout
      title={title}
      heading={t('account.title')}
      lead={t('account.lead')}
      navLabel={t('account.nav.label')}
      links={links}
    >
      {children}
    </SettingsLayout>
  );
}

type SectionProps = {
  title: string;
  text?: string;
  children?: ReactNode;
  danger?: boolean;
  testId?: string;
  /** Next to the title, e.g. a master switch. */
  aside?: ReactNode;
};

export function AccountSection({ title, text, children, danger, testId, aside }: SectionProps) {
  const heading = (
    <Title order={2} className={classes.sectionTitle} c={danger ? 'red' : undefined}>
      {title}
    </Title>
  );
  return (
    <section className={classes.section} data-danger={danger || undefined} data-testid={testId}>
      {aside ? (
        <div className={classes.sectionHead}>
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {text ? <Text className={classes.sectionText}>{text}</Text> : null}
      {children ? <div className={classes.sectionBody}>{children}</div> : null}
    </section>
  );
}
