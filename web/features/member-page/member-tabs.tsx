import { IconLayoutGrid, IconMessageCircle, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { memberPath } from './member-paths';
import classes from './member-community.module.css';

/** The member page's sub-pages (spec §2 `m/{memberId}` with comments and spaces): links, one per address. */
export function MemberTabs({ slug, profileId }: { slug: string; profileId: string }) {
  const { t } = useTranslation();
  const base = memberPath(slug, profileId);
  const tabs = [
    { to: base, label: t('member.tabs.activity'), icon: IconSparkles, end: true, key: 'activity' },
    {
      to: `${base}/comments`,
      label: t('member.tabs.comments'),
      icon: IconMessageCircle,
      end: false,
      key: 'comments',
    },
    { to: `${base}/spaces`, label: t('member.tabs.spaces'), icon: IconLayoutGrid, end: false, key: 'spaces' },
  ];
  return (
    <nav className={classes.tabs} aria-label={t('member.tabs.label')} data-testid="member-tabs">
      {tabs.map(({ to, label, icon: Icon, end, key }) => (
        <NavLink key={key} to={to} end={end} className={classes.tab} data-testid={`member-tab-${key}`}>
          <Icon size={17} stroke={1.7} aria-hidden="true" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
