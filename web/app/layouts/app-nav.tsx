import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NavOverflowMenu } from './nav-overflow-menu';
import type { NavItem } from './shell-header';
import shellClasses from './shell.module.css';
import classes from './app-shell.module.css';

type AppNavProps = { items: NavItem[] };

/** `desktopMenuLayout: left`: the menu as a column beside the content. */
export function AppSideNav({ items }: AppNavProps) {
  const { t } = useTranslation();
  return (
    <nav className={classes.sideNav} aria-label={t('common.nav.main')} data-testid="app-nav-left">
      {items.map(({ to, label, icon: Icon, end, badge }) => (
        <NavLink key={to} to={to} end={end} className={classes.sideLink}>
          <Icon size={19} stroke={1.7} />
          <span>{t(label)}</span>
          {badge}
        </NavLink>
      ))}
    </nav>
  );
}

/** `desktopMenuLayout: second`: the menu as a row of its own below the header. */
export function AppSecondaryNav({ items }: AppNavProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.secondRow}>
      <nav
        className={`${classes.secondInner} ${shellClasses.container}`}
        aria-label={t('common.nav.main')}
        data-testid="app-nav-second"
      >
        {items.map(({ to, label, icon: Icon, end, badge }) => (
          <NavLink key={to} to={to} end={end} className={classes.secondLink}>
            <Icon size={17} stroke={1.7} />
            {t(label)}
            {badge}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

/** Up to this many entries fit the phone's bottom bar; more go behind "Mehr". */
const bottomSlots = 5;

/** Phones: the menu as a bottom tab bar, the rest of a long menu behind "Mehr". */
export function AppBottomNav({ items }: AppNavProps) {
  const { t } = useTranslation();
  const overflow = items.length > bottomSlots;
  const visible = overflow ? items.slice(0, bottomSlots - 1) : items;
  const hidden = overflow ? items.slice(bottomSlots - 1) : [];

  return (
    <nav className={classes.bottomNav} aria-label={t('common.nav.main')} data-testid="app-nav-bottom">
      {visible.map(({ to, label, icon: Icon, end, badge }) => (
        <NavLink key={to} to={to} end={end} className={classes.bottomLink}>
          <span className={classes.bottomIcon}>
            <Icon size={22} stroke={1.6} />
            {badge ? <span className={classes.bottomBadge}>{badge}</span> : null}
          </span>
          <span className={classes.bottomLabel}>{t(label)}</span>
        </NavLink>
      ))}
      <NavOverflowMenu hidden={hidden} position="top-end" className={classes.bottomLink}>
        <IconDots size={22} stroke={1.6} />
        <span className={classes.bottomLabel}>{t('appSettings.menu.more')}</span>
      </NavOverflowMenu>
    </nav>
  );
}
