import { useEffect, useState } from 'react';
import { Button, Drawer } from '@mantine/core';
import { IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { NotFoundMessage } from '../../../components/not-found-message';
import { appCan, useCurrentApp } from '../../../kernel/current-app';
import { useIsAuthenticated } from '../../../kernel/session/account-store';
import { useRealtimeEvent } from '../../../kernel/realtime';
import { useIsMobile } from '../../../kernel/ui-store';
import { countersQuery } from '../community-api';
import { communityKeys } from '../community-keys';
import { ComposerHost } from '../composer';
import { GroupsNav, NewCount } from './groups-nav';
import classes from './groups-layout.module.css';

/**
 * The groups area (spec §2 groups feed, group and space pages, posts): the groups and their spaces beside the
 * content on the desktop, in a drawer on phones. The composer lives here once, for every "new post" button.
 */
export function GroupsLayout() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  const signedIn = useIsAuthenticated();
  const counters = useQuery({ ...countersQuery(app.id), enabled: signedIn && isMobile });
  // A post published anywhere in the app: the member's own counters are read again (issue 16).
  const queryClient = useQueryClient();
  useRealtimeEvent('counters', () => {
    void queryClient.invalidateQueries({ queryKey: communityKeys.counters(app.id) });
  });
  const fresh = [...(counters.data?.values() ?? [])].reduce((sum, count) => sum + count, 0);

  // Choosing a space in the drawer leaves it.
  useEffect(() => setNavOpen(false), [pathname]);

  // RULE-58: with the service off the groups are gone, but for the managers who may switch it on again.
  if (!app.services.community && !appCan(app, 'edit')) {
    return <NotFoundMessage />;
  }

  return (
    <div className={classes.layout} data-mobile={isMobile || undefined} data-testid="groups-layout">
      {isMobile ? (
        <>
          <div className={classes.mobileBar}>
            <Button
              variant="default"
              leftSection={<IconLayoutSidebarLeftExpand size={18} stroke={1.7} />}
              rightSection={<NewCount count={fresh} />}
              onClick={() => setNavOpen(true)}
              aria-expanded={navOpen}
              data-testid="groups-nav-open"
            >
              {t('community.nav.open')}
            </Button>
          </div>
          <Drawer
            opened={navOpen}
            onClose={() => setNavOpen(false)}
            title={t('community.nav.label')}
            size="85%"
            closeButtonProps={{ 'aria-label': t('community.nav.close') }}
          >
            <GroupsNav />
          </Drawer>
        </>
      ) : (
        <div className={classes.side}>
          <GroupsNav />
        </div>
      )}
      <div className={classes.content}>
        <Outlet />
      </div>
      <ComposerHost />
    </div>
  );
}
