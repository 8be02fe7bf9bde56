import { Select, Text } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { appHomePath, useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import {
  isKnownSettingsPath,
  settingsGroupsFor,
  settingsLinkOf,
  settingsPaths,
  type SettingsGroup,
} from './settings-sections';
import classes from './app-settings.module.css';

function SideNav({ groups }: { groups: SettingsGroup[] }) {
  const { t } = useTranslation();
  return (
    <nav className={classes.nav} aria-label={t('appSettings.nav.label')} data-testid="settings-nav">
      {groups.map((group) => (
        <div key={group.key} className={classes.navGroup}>
          <div className={classes.navGroupLabel}>{t(group.label)}</div>
          {group.links.map(({ key, to, label, icon: Icon, end }) => (
            <NavLink
              key={key}
              to={to}
              end={end}
              className={classes.navLink}
              data-testid={`settings-nav-${key}`}
            >
              <Icon size={18} stroke={1.7} />
              {t(label)}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}

/** Phones: the sections as one select above the screen. */
function SectionSelect({ groups, current }: { groups: SettingsGroup[]; current: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Select
      aria-label={t('appSettings.nav.label')}
      data={groups.map((group) => ({
        group: t(group.label),
        items: group.links.map((link) => ({ value: link.to, label: t(link.label) })),
      }))}
      value={current}
      onChange={(value) => {
        if (value) {
          void navigate(value);
        }
      }}
      allowDeselect={false}
      size="md"
      comboboxProps={{ withinPortal: true }}
      className={classes.sectionSelect}
      data-testid="settings-select"
    />
  );
}

/**
 * `/{appSlug}/settings/*` (spec §2, ROUTE-87…112): open to whoever may open one of its sections (the app's
 * managers, and moderators for the moderation inbox and the member screens; see
 * docs/decisions/moderation-onboarding-web.md), otherwise back to the app's start. Lists only the sections the
 * caller's abilities open; a section without its ability sends to the first one that is open.
 */
export function AppSettingsLayout() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const groups = settingsGroupsFor(app);
  const first = groups[0]?.links[0] ?? null;

  if (!first) {
    return <Navigate to={appHomePath(app.slug)} replace />;
  }
  const current = settingsLinkOf(groups, pathname);
  const atBase = pathname.replace(/\/+$/, '') === settingsPaths(app.slug).base;
  if (atBase || (!current && isKnownSettingsPath(app.slug, pathname))) {
    return <Navigate to={first.to} replace />;
  }

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="app-settings">
      <div className={classes.layout}>
        <aside className={classes.aside}>
          <Link to={appHomePath(app.slug)} className={classes.back}>
            <IconChevronLeft size={16} stroke={2} />
            {t('appSettings.nav.back', { app: app.name })}
          </Link>
          <Text className={classes.asideTitle}>{t('appSettings.title')}</Text>
          {isMobile ? (
            <SectionSelect groups={groups} current={current?.to ?? null} />
          ) : (
            <SideNav groups={groups} />
          )}
        </aside>
        <div className={classes.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
