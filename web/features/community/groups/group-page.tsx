import { Avatar, Text, Title, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { Group, Space } from '../../../../contracts/community-spaces';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { useIsMobile } from '../../../kernel/ui-store';
import { usePageTitle } from '../../../kernel/use-page-title';
import { groupQuery } from '../community-api';
import { communityLinks, spaceEntryLink } from '../community-links';
import { AccessIcon, SpaceMark } from '../layout/groups-nav';
import { MembershipButton } from '../spaces/membership-button';
import { SpaceHeaderSkeleton } from '../spaces/space-header';
import { MembersList } from '../shared/members-list';
import { EmptyState, LoadError } from '../shared/states';
import classes from './group.module.css';

/** Spec §3 aspect ratios (GAPS 36): a group's cover is a 5:1 band. */
export const groupCoverRatio = 5;

function SpaceCard({ space }: { space: Space }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  return (
    <li className={classes.spaceCard} data-testid="group-space-card">
      <div className={classes.spaceTop}>
        <SpaceMark space={space} size={44} />
        <div className={classes.spaceName}>
          <Link to={spaceEntryLink(app.slug, space)} className={classes.spaceLink}>
            {space.name}
          </Link>
          <span className={classes.spaceFacts}>
            <AccessIcon access={space.access} />
            {t(`community.access.${space.access}`)} ·{' '}
            {t('community.space.members', {
              count: space.membersCount,
              formatted: format.number(space.membersCount),
            })}
          </span>
        </div>
      </div>
      {space.description ? (
        <Text className={classes.spaceDescription} lineClamp={2}>
          {space.description}
        </Text>
      ) : null}
      <div className={classes.spaceAction}>
        <MembershipButton space={space} />
      </div>
    </li>
  );
}

function GroupHeader({ group }: { group: Group }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const base = communityLinks.group(app.slug, group.slug);
  const tabs = [
    { to: base, label: t('community.group.tab.spaces'), icon: IconLayoutGrid, show: true },
    {
      to: communityLinks.groupMembers(app.slug, group.slug),
      label: t('community.group.tab.members'),
      icon: IconUsers,
      show: group.permissions.can.includes('view_profiles'),
    },
  ].filter((tab) => tab.show);
  return (
    <header className={classes.header} data-mobile={isMobile || undefined}>
      <div
        className={classes.cover}
        style={{ aspectRatio: String(groupCoverRatio) }}
        data-empty={!group.cover?.url || undefined}
      >
        {group.cover?.url ? <img src={group.cover.url} alt="" fetchPriority="high" /> : null}
      </div>
      <div className={classes.body}>
        <Title order={1} className={classes.title}>
          {group.name}
        </Title>
        {group.description ? <Text className={classes.description}>{group.description}</Text> : null}
        {group.moderators.length > 0 ? (
          <div className={classes.moderators}>
            <Avatar.Group spacing="sm">
              {group.moderators.slice(0, 5).map((moderator) => {
                const name = `${moderator.firstName} ${moderator.lastName}`.trim();
                return (
                  <Tooltip key={moderator.id} label={name}>
                    <Avatar
                      src={moderator.avatarUrl}
                      name={name}
                      color="initials"
                      radius="xl"
                      size={30}
                      alt={name}
                    />
                  </Tooltip>
                );
              })}
            </Avatar.Group>
            <span>{t('community.group.moderators', { count: group.moderators.length })}</span>
          </div>
        ) : null}
      </div>
      {tabs.length > 1 ? (
        <nav className={classes.tabs} aria-label={t('community.group.tabsLabel')}>
          {tabs.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className={classes.tab}
              data-active={pathname === to || undefined}
              aria-current={pathname === to ? 'page' : undefined}
            >
              <Icon size={16} stroke={1.8} />
              {label}
            </Link>
          ))}
        </nav>
      ) : null}
    </header>
  );
}

/** `groups/c/{groupSlug}` (ROUTE-73) and its members (ROUTE-74): the group, its spaces or its members. */
export function GroupPage({ tab }: { tab: 'spaces' | 'members' }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { groupSlug = '' } = useParams();
  const query = useQuery(groupQuery(app.id, groupSlug));
  usePageTitle(query.data?.name ?? t('community.nav.label'));

  if (query.isPending) {
    return <SpaceHeaderSkeleton />;
  }
  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} page />;
  }
  const group = query.data;
  if (tab === 'members' && !group.permissions.can.includes('view_profiles')) {
    return <Navigate to={`/${app.slug}`} replace />;
  }
  return (
    <div className={classes.page} data-testid="group-page">
      <GroupHeader group={group} />
      {tab === 'members' ? (
        <MembersList container="group" id={group.id} />
      ) : group.spaces.length === 0 ? (
        <EmptyState
          icon={<IconLayoutGrid size={28} stroke={1.6} />}
          title={t('community.group.empty.title')}
          text={t('community.group.empty.text')}
        />
      ) : (
        <section aria-label={t('community.group.tab.spaces')}>
          <ul className={classes.spaces}>
            {group.spaces.map((space) => (
              <SpaceCard key={space.id} space={space} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
