import { Button, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconSettings, IconSparkles, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppViewerPerson } from '../../kernel/app-viewer';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { OnboardingChecklist } from '../onboarding';
import { CompleteProfile, MembersToMeet, RecentFiles } from './home-sections';
import classes from './app-home-page.module.css';

/**
 * The app's start screen. Its feed and widgets (spec §2 custom page "dashboard", Home service settings)
 * arrive with the community features; until then it shows what the app already has: how complete the
 * member's profile is, their latest files and the newest members, and points admins to the settings.
 */
export function AppHomePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  // While an admin views the app as a member, the greeting is the member's.
  const person = useAppViewerPerson();
  const isMobile = useIsMobile();
  usePageTitle(t('appSettings.menu.home'));
  const isMember = appCan(app, 'view_profiles');

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="app-home">
      <Paper className={classes.hero}>
        <ThemeIcon size={52} radius="lg" variant="light" className={classes.heroIcon}>
          <IconSparkles size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} className={classes.title} data-testid="home-greeting">
          {person?.firstName
            ? t('appSettings.homePage.welcomeBack', { name: person.firstName })
            : t('appSettings.homePage.welcome', { app: app.name })}
        </Title>
        <Text className={classes.lead}>{t('appSettings.homePage.lead')}</Text>
        {isMember ? (
          <Group mt="md">
            <Button
              component={Link}
              to={`/${app.slug}/profile`}
              variant="default"
              leftSection={<IconUserCircle size={18} stroke={1.7} />}
            >
              {t('appSettings.homePage.toProfile')}
            </Button>
          </Group>
        ) : null}
      </Paper>
      {/* The team's checklist for new members (loads its card only when there is one to show). */}
      <OnboardingChecklist app={app} />
      {/* The own profile's completeness: not while an admin views the app as someone else. */}
      {isMember && !app.masqueradeProfileId ? <CompleteProfile app={app} /> : null}
      <div className={classes.grid}>
        {appCan(app, 'cloud') && app.services.cloud ? <RecentFiles app={app} /> : null}
        {isMember ? <MembersToMeet app={app} /> : null}
      </div>
      {appCan(app, 'edit') ? (
        <Paper className={classes.admin} data-testid="home-admin-card">
          <ThemeIcon size={44} radius="md" variant="filled">
            <IconSettings size={22} stroke={1.7} />
          </ThemeIcon>
          <div className={classes.adminText}>
            <Text fw={650}>{t('appSettings.homePage.adminTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('appSettings.homePage.adminText')}
            </Text>
          </div>
          <Button
            component={Link}
            to={`/${app.slug}/settings`}
            rightSection={<IconArrowRight size={17} stroke={1.8} />}
            fullWidth={isMobile}
          >
            {t('appSettings.homePage.toSettings')}
          </Button>
        </Paper>
      ) : null}
    </div>
  );
}
