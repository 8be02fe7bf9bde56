import { Badge, Skeleton, VisuallyHidden } from '@mantine/core';
import { IconEyeOff, IconLayoutList, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Group, Space } from '../../../../contracts/community-spaces';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsAuthenticated } from '../../../kernel/session/account-store';
import { countersQuery, groupsQuery } from '../community-api';
import { communityLinks, spaceEntryLink } from '../community-links';
import classes from './groups-layout.module.css';

/** A space's small picture: its cover, or its initial on the app's colour. */
export function SpaceMark({ space, size = 28 }: { space: Pick<Space, 'name' | 'cover'>; size?: number }) {
  const url = space.cover?.url;
  return (
    <span className={classes.mark} style={{ width: size, height: size }} aria-hidden="true">
      {url ? <img src={url} alt="" loading="lazy" /> : space.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

export function AccessIcon({ access, size = 14 }: { access: Space['access']; size?: number }) {
  const { t } = useTranslation();
  if (access === 'open') {
    return null;
  }
  const Icon = access === 'private' ? IconLock : IconEyeOff;
  return (
    <span className={classes.accessIcon} title={t(`community.access.${access}`)}>
      <Icon size={size} stroke={1.8} aria-label={t(`community.access.${access}`)} role="img" />
    </span>
  );
}

/** A number of new posts: the digits for the eye, the words for screen readers. */
export function NewCount({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) {
    return null;
  }
  return (
    <>
      <Badge size="sm" variant="filled" circle={count < 10} className={classes.counter} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{t('community.nav.newPosts', { count })}</VisuallyHidden>
    </>
  );
}

function SpaceLink({ space, count }: { space: Space; count: number }) {
  const app = useCurrentApp();
  const { pathname } = useLocation();
  const base = communityLinks.space(app.slug, space.slug);
  const active = pathname === base || pathname.startsWith(`${base}/`);
  return (
    <Link
      to={spaceEntryLink(app.slug, space)}
      className={classes.navLink}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-space-${space.slug}`}
    >
      <SpaceMark space={space} />
      <span className={classes.navLabel}>{space.name}</span>
      <AccessIcon access={space.access} />
      <NewCount count={count} />
    </Link>
  );
}

function GroupSection({ group, counters }: { group: Group; counters: Map<string, number> | undefined }) {
  const app = useCurrentApp();
  const { pathname } = useLocation();
  const to = communityLinks.group(app.slug, group.slug);
  const active = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <div className={classes.group}>
      <Link
        to={to}
        className={classes.groupLink}
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        data-testid={`nav-group-${group.slug}`}
      >
        {group.name}
      </Link>
      {group.spaces.length > 0 ? (
        <ul className={classes.spaces} aria-label={group.name}>
          {group.spaces.map((space) => (
            <li key={space.id}>
              <SpaceLink space={space} count={counters?.get(space.id) ?? 0} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The groups area's navigation: the feed, then every group with its spaces and their new-post counters. */
export function GroupsNav() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { pathname } = useLocation();
  const signedIn = useIsAuthenticated();
  const groups = useQuery(groupsQuery(app.id));
  // Counters are a member's: guests have none to ask for.
  const counters = useQuery({ ...countersQuery(app.id), enabled: signedIn });
  const feed = communityLinks.groups(app.slug);
  const total = [...(counters.data?.values() ?? [])].reduce((sum, count) => sum + count, 0);

  return (
    <nav className={classes.nav} aria-label={t('community.nav.label')} data-testid="groups-nav">
      <Link
        to={feed}
        className={classes.navLink}
        data-active={pathname === feed || undefined}
        aria-current={pathname === feed ? 'page' : undefined}
        data-testid="nav-feed"
      >
        <span className={classes.feedMark} aria-hidden="true">
          <IconLayoutList size={16} stroke={1.8} />
        </span>
        <span className={classes.navLabel}>{t('community.nav.feed')}</span>
        <NewCount count={total} />
      </Link>
      {groups.isPending ? (
        <div className={classes.navSkeleton} role="status" aria-label={t('community.loading')}>
          {[70, 55, 62, 48].map((width) => (
            <Skeleton key={width} height={14} width={`${width}%`} radius="xl" />
          ))}
        </div>
      ) : null}
      {groups.data?.map((group) => (
        <GroupSection key={group.id} group={group} counters={counters.data} />
      ))}
      {groups.data && groups.data.length === 0 && signedIn ? (
        <p className={classes.navEmpty}>{t('community.nav.noGroups')}</p>
      ) : null}
    </nav>
  );
}
