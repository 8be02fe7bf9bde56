import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { LanguageSwitcher } from '../../components/language-switcher';
import { HeaderNav } from './header-nav';
import classes from './shell.module.css';

export type NavItem = {
  to: string;
  /** i18n key */
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  end?: boolean;
  /** A live count beside the label, with its own text for screen readers (MenuEntry.badge). */
  badge?: ReactNode;
};

type ShellHeaderProps = {
  homePath: string;
  brand: ReactNode;
  navItems: NavItem[];
  isMobile: boolean;
  /** The signed-in person's menu; it carries the language choice, so the switcher steps aside. */
  account?: ReactNode;
};

export function ShellHeader({ homePath, brand, navItems, isMobile, account }: ShellHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={classes.header}>
      <div className={`${classes.container} ${classes.headerInner}`}>
        {/* The brand's visible name is the link's name (WCAG 2.5.3); without one, the link says where it goes. */}
        <NavLink
          to={homePath}
          className={classes.brandLink}
          aria-label={brand ? undefined : t('common.nav.home')}
        >
          {brand}
        </NavLink>
        {!isMobile && navItems.length > 0 ? <HeaderNav items={navItems} /> : null}
        <Group gap={4} wrap="nowrap" className={classes.actions}>
          {account ? null : <LanguageSwitcher variant={isMobile ? 'compact' : 'full'} />}
          <ColorSchemeToggle />
          {account}
        </Group>
      </div>
    </header>
  );
}
