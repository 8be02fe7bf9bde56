import { IconChevronDown } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NavOverflowMenu } from './nav-overflow-menu';
import type { NavItem } from './shell-header';
import classes from './shell.module.css';

/** Room kept for the "Mehr" button whenever some entries do not fit. */
const moreWidth = 96;
const gap = 4;

/** How many of the entries (their widths in order) fit `room`, keeping room for "Mehr" when not all do. */
export function fittingCount(widths: readonly number[], room: number): number {
  // A row not laid out (hidden, or a test's DOM without layout) shows everything.
  if (room <= 0) {
    return widths.length;
  }
  const all = widths.reduce((sum, width, index) => sum + width + (index > 0 ? gap : 0), 0);
  if (all <= room) {
    return widths.length;
  }
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    used += width + gap;
    if (used > room) {
      break;
    }
    count += 1;
  }
  return count;
}

/**
 * The header's menu on a desktop: the entries that fit the row, in order, and the rest behind "Mehr" (an app with
 * every service on has more entries than a laptop's header holds; wrapping or squeezing them broke the labels).
 * The entries' widths are measured once per set of labels, the row's room on every resize.
 */
export function HeaderNav({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  const widths = useRef<number[]>([]);
  const labels = items.map((item) => t(item.label)).join('\n');
  const [fit, setFit] = useState<{ labels: string; count: number } | null>(null);
  // A new set of labels is measured with every entry in the row, before the browser paints.
  const measuring = fit?.labels !== labels;

  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!measuring || !nav) {
      return;
    }
    widths.current = [...nav.querySelectorAll<HTMLElement>('[data-nav-entry]')].map(
      (entry) => entry.offsetWidth,
    );
    setFit({ labels, count: fittingCount(widths.current, nav.clientWidth) });
  }, [measuring, labels]);

  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!nav) {
      return;
    }
    const observer = new ResizeObserver(() =>
      setFit((current) => current && { ...current, count: fittingCount(widths.current, nav.clientWidth) }),
    );
    observer.observe(nav);
    return () => observer.disconnect();
  }, []);

  const count = measuring ? items.length : fit.count;
  const shown = items.slice(0, count);
  const hidden = items.slice(count);

  return (
    <nav ref={navRef} className={classes.nav} aria-label={t('common.nav.main')}>
      {shown.map(({ to, label, icon: Icon, end, badge }) => (
        <NavLink key={to} to={to} end={end} className={classes.navLink} data-nav-entry="">
          <Icon size={18} stroke={1.7} />
          {t(label)}
          {badge}
        </NavLink>
      ))}
      <NavOverflowMenu hidden={hidden} position="bottom-end" className={classes.navLink}>
        {t('common.nav.more')}
        <IconChevronDown size={16} stroke={1.7} />
      </NavOverflowMenu>
    </nav>
  );
}
