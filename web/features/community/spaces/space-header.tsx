import { Badge, Skeleton, Text, Title } from '@mantine/core';
import { IconEyeOff, IconLock, IconUsers, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Space, SpaceTab } from '../../../../contracts/community-spaces';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { useIsMobile } from '../../../kernel/ui-store';
import { communityLinks } from '../community-links';
import { NewPostButton } from '../shared/new-post-button';
import { MembershipButton } from './membership-button';
import classes from './space.module.css';

/** Spec §3 aspect ratios (GAPS 36): the desktop cover 4:1, the phone's own cover 5:2. */
export const spaceCoverRatio = { desktop: 4, mobile: 2.5 } as const;

const accessIcons = { open: IconWorld, private: IconLock, secret: IconEyeOff } as const;

/** The tabs a visitor may open: the space's visible tabs, members only with `view_profiles` (ROUTE-71). */
export function tabsOf(space: Space): SpaceTab[] {
  return space.visibleTabs.filter(
    (tab) => tab !== 'members' || space.permissions.can.includes('view_profiles'),
  );
}

function SpaceCover({ space }: { space: Space }) {
  const isMobile = useIsMobile();
  const url = (isMobile ? (space.mobileCover?.url ?? space.cover?.url) : space.cover?.url) ?? null;
  const ratio = isMobile ? spaceCoverRatio.mobile : spaceCoverRatio.desktop;
  return (
    <div className={classes.cover} style={{ aspectRatio: String(ratio) }} data-empty={!url || undefined}>
      {url ? <img src={url} alt="" fetchPriority="high" /> : null}
    </div>
  );
}

/** The space's cover, name, description, access and members, and what the visitor can do: join, post. */
export function SpaceHeader({ space }: { space: Space }) {
  const { t } = useTranslation();
  const format = useFormat();
  const isMobile = useIsMobile();
  const AccessIcon = accessIcons[space.access];
  const canPost = space.permissions.can.includes('create_post');
  return (
    <header className={classes.header} data-mobile={isMobile || undefined} data-testid="space-header">
      <SpaceCover space={space} />
      <div className={classes.headerBody}>
        <div className={classes.headerText}>
          <Title order={1} className={classes.title}>
            {space.name}
          </Title>
          {space.description ? <Text className={classes.description}>{space.description}</Text> : null}
          <div className={classes.facts}>
            <Badge
              variant="light"
              color={space.access === 'open' ? 'teal' : 'gray'}
              leftSection={<AccessIcon size={13} stroke={2} />}
              className={classes.factBadge}
            >
              {t(`community.access.${space.access}`)}
            </Badge>
            <span className={classes.fact}>
              <IconUsers size={16} stroke={1.8} />
              {t('community.space.members', {
                count: space.membersCount,
                formatted: format.number(space.membersCount),
              })}
            </span>
          </div>
        </div>
        <div className={classes.headerActions}>
          <MembershipButton space={space} fullWidth={isMobile} />
          {canPost ? (
            <NewPostButton
              target={{
                kind: 'space',
                id: space.id,
                name: space.name,
                canSchedule: space.permissions.can.includes('create_scheduled_post'),
              }}
              fullWidth={isMobile}
            />
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** The space's tabs as links (each tab has its address): posts, members, rules. */
export function SpaceTabs({ space }: { space: Space }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { pathname } = useLocation();
  const tabs = tabsOf(space);
  if (tabs.length < 2) {
    return null;
  }
  return (
    <nav className={classes.tabs} aria-label={t('community.space.tabsLabel')} data-testid="space-tabs">
      {tabs.map((tab) => {
        const to = communityLinks.space(app.slug, space.slug, tab);
        const active = pathname === to;
        return (
          <Link
            key={tab}
            to={to}
            className={classes.tab}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
            data-testid={`space-tab-${tab}`}
          >
            {t(`community.space.tab.${tab}`)}
          </Link>
        );
      })}
    </nav>
  );
}

export function SpaceHeaderSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.header} role="status" aria-label={t('community.loading')}>
      <Skeleton radius={0} style={{ aspectRatio: String(spaceCoverRatio.desktop) }} />
      <div className={classes.headerBody}>
        <div className={classes.headerText}>
          <Skeleton height={28} width="40%" radius="xl" />
          <Skeleton height={12} width="65%" radius="xl" mt={14} />
          <Skeleton height={20} width={160} radius="xl" mt={14} />
        </div>
      </div>
    </div>
  );
}
