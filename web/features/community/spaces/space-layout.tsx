import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useOutletContext, useParams } from 'react-router';
import type { Space } from '../../../../contracts/community-spaces';
import { NotFoundMessage } from '../../../components/not-found-message';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsAuthenticated } from '../../../kernel/session/account-store';
import { usePageTitle } from '../../../kernel/use-page-title';
import { spaceBySlug, spacesQuery } from '../community-api';
import { communityLinks } from '../community-links';
import { LoadError, SignInState } from '../shared/states';
import { SpaceHeader, SpaceHeaderSkeleton, SpaceTabs, tabsOf } from './space-header';
import classes from './space.module.css';

/** The space of the address, for the tabs below the layout. */
export function useSpace(): Space {
  return useOutletContext<Space>();
}

/**
 * `groups/g/{spaceSlug}` with its tabs (ROUTE-69, -71, -72): the space from the listed spaces (one call the
 * sidebar shares), its header and the tab of the address.
 */
export function SpaceLayout() {
  const app = useCurrentApp();
  const { spaceSlug = '' } = useParams();
  const spaces = useQuery(spacesQuery(app.id));
  const space = spaceBySlug(spaces.data, spaceSlug);
  const signedIn = useIsAuthenticated();
  usePageTitle(space?.name ?? '');

  if (spaces.isPending) {
    return <SpaceHeaderSkeleton />;
  }
  if (spaces.isError) {
    return <LoadError error={spaces.error} onRetry={() => void spaces.refetch()} page />;
  }
  if (!space) {
    // A guest may be looking at a space for members only: the server does not say which.
    return signedIn ? <NotFoundMessage /> : <SignInState notFound order={1} />;
  }
  return (
    <div className={classes.page} data-testid="space-page" data-space={space.slug}>
      <SpaceHeader space={space} />
      <SpaceTabs space={space} />
      <Outlet context={space} />
    </div>
  );
}

/**
 * Guards a tab: a tab the space hides, or members without `view_profiles`, sends to the app's default route
 * (spec §2 "missing ability sends to the default service route") — or to the space's first tab when it has one.
 */
export function SpaceTabGuard({
  tab,
  children,
}: {
  tab: 'posts' | 'members' | 'rules';
  children: React.ReactNode;
}) {
  const app = useCurrentApp();
  const space = useSpace();
  const tabs = tabsOf(space);
  if (tabs.includes(tab)) {
    return children;
  }
  if (tab === 'members' && space.visibleTabs.includes('members')) {
    return <Navigate to={`/${app.slug}`} replace />;
  }
  const first = tabs[0];
  return first ? (
    <Navigate to={communityLinks.space(app.slug, space.slug, first)} replace />
  ) : (
    <NotFoundMessage />
  );
}
