import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, EmptyState, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, IconFolders, IconLock, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsMobile } from '../../app/ui-store';
import { usePageTitle } from '../../app/use-page-title';
import { accountPaths } from '../account/account-paths';
import { useSignOut } from '../account/use-sign-out';
import { fullNameOf, useAccount } from '../auth/session/account-store';
import classes from './projects.module.css';

/** `/projects`: the signed-in start until the projects feature lists real projects (an honest empty state). */
export function ProjectsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const account = useAccount();
  const { signOut, pending } = useSignOut();
  usePageTitle(t('projects.title'));
  if (!account) {
    return null;
  }

  const shortcuts = [
    {
      to: accountPaths.profile,
      icon: IconUserCircle,
      title: t('projects.shortcuts.profile'),
      text: t('projects.shortcuts.profileText'),
    },
    {
      to: accountPaths.password,
      icon: IconLock,
      title: t('projects.shortcuts.password'),
      text: t('projects.shortcuts.passwordText'),
    },
  ];

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="projects-page">
      <Group justify="space-between" align="flex-end" gap="md" className={classes.header}>
        <div>
          <Text className={classes.eyebrow}>{t('projects.greeting')}</Text>
          <Title order={1} className={classes.title} data-testid="projects-name">
            {fullNameOf(account)}
          </Title>
        </div>
        <Button
          variant="default"
          leftSection={<IconLogout size={18} stroke={1.7} />}
          loading={pending}
          onClick={signOut}
          data-testid="projects-sign-out"
        >
          {t('account.menu.signOut')}
        </Button>
      </Group>

      <Paper className={classes.panel}>
        <Group justify="space-between" className={classes.panelHeader}>
          <Title order={2} className={classes.panelTitle}>
            {t('projects.title')}
          </Title>
        </Group>
        <EmptyState
          className={classes.empty}
          size={isMobile ? 'sm' : 'md'}
          variant="light"
          icon={<IconFolders size={30} stroke={1.5} />}
          title={t('projects.empty.title')}
          description={t('projects.empty.text')}
          data-testid="projects-empty"
        />
      </Paper>

      <SimpleGrid cols={isMobile ? 1 : 2} spacing="md" mt="lg">
        {shortcuts.map(({ to, icon: Icon, title, text }) => (
          <Paper key={to} component={Link} to={to} className={classes.shortcut}>
            <ThemeIcon size={42} radius="md" variant="light">
              <Icon size={22} stroke={1.6} />
            </ThemeIcon>
            <div className={classes.shortcutText}>
              <Text fw={600}>{title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </div>
            <IconChevronRight size={18} stroke={1.8} className={classes.shortcutArrow} />
          </Paper>
        ))}
      </SimpleGrid>
    </div>
  );
}
