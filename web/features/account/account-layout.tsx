import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import { IconLock, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useIsMobile } from '../../app/ui-store';
import { usePageTitle } from '../../app/use-page-title';
import { accountPaths } from './account-paths';
import classes from './account.module.css';

type AccountLayoutProps = {
  /** The document title of this screen. */
  title: string;
  children: ReactNode;
};

/** The account screens share a header and a side navigation (a row of tabs on mobile). */
export function AccountLayout({ title, children }: AccountLayoutProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  usePageTitle(title);
  const links = [
    { to: accountPaths.profile, label: t('account.nav.profile'), icon: IconUserCircle },
    { to: accountPaths.password, label: t('account.nav.password'), icon: IconLock },
  ];
  return (
    <div className={classes.page} data-mobile={isMobile || undefined}>
      <header className={classes.header}>
        <Title order={1} className={classes.title}>
          {t('account.title')}
        </Title>
        <Text className={classes.lead}>{t('account.lead')}</Text>
      </header>
      <div className={classes.layout}>
        <nav className={classes.nav} aria-label={t('account.nav.label')}>
          {links.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className={classes.navLink}>
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

type SectionProps = {
  title: string;
  text?: string;
  children?: ReactNode;
  danger?: boolean;
  testId?: string;
};

export function AccountSection({ title, text, children, danger, testId }: SectionProps) {
  return (
    <section className={classes.section} data-danger={danger || undefined} data-testid={testId}>
      <Title order={2} className={classes.sectionTitle} c={danger ? 'red.7' : undefined}>
        {title}
      </Title>
      {text ? <Text className={classes.sectionText}>{text}</Text> : null}
      {children ? <div className={classes.sectionBody}>{children}</div> : null}
    </section>
  );
}
