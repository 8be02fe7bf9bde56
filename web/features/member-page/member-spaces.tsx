import { Badge, Button, Paper, Skeleton, Text } from '@mantine/core';
import { IconEyeOff, IconLayoutGrid, IconLock, IconWorld } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router';
import type { MemberSpace } from '../../../contracts/community-spaces';
import { useCurrentApp } from '../../kernel/current-app';
import { communityLinks } from '../community';
import { memberSpacesQuery } from './member-community-api';
import type { Member } from './member-api';
import { memberNameOf } from './member-paths';
import classes from './member-community.module.css';

const accessIcons = { open: IconWorld, private: IconLock, secret: IconEyeOff } as const;

function SpaceCard({ space }: { space: MemberSpace }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const Icon = accessIcons[space.access];
  return (
    <li>
      <Link
        to={communityLinks.space(app.slug, space.slug)}
        className={classes.spaceCard}
        data-testid="member-space"
      >
        <span className={classes.spaceCover} aria-hidden="true">
          {space.cover?.url ? <img src={space.cover.url} alt="" /> : <Icon size={22} stroke={1.5} />}
        </span>
        <span className={classes.spaceText}>
          <span className={classes.spaceName}>{space.name}</span>
          <span className={classes.spaceMeta}>
            <Icon size={13} stroke={1.8} aria-hidden="true" />
            {t(`member.spaces.access.${space.access}`)} ·{' '}
            {t('member.spaces.members', { count: space.membersCount })}
          </span>
        </span>
        {space.role === 'moderator' ? (
          <Badge variant="light" radius="sm" className={classes.spaceRole}>
            {t('member.spaces.moderator')}
          </Badge>
        ) : null}
      </Link>
    </li>
  );
}

/** `m/{memberId}/spaces` (ROUTE-77): the spaces the member belongs to that the caller sees. */
export function MemberSpaces() {
  const { t } = useTranslation();
  const member = useOutletContext<Member>();
  const query = useInfiniteQuery(memberSpacesQuery(member.id));
  const spaces = query.data?.pages.flatMap((page) => page.data) ?? [];
  const name = member.firstName || memberNameOf(member);

  if (query.isPending) {
    return (
      <div className={classes.spaceGrid} data-testid="member-spaces-loading" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={76} radius="lg" />
        ))}
      </div>
    );
  }
  if (spaces.length === 0) {
    return (
      <Paper className={classes.empty} data-testid="member-spaces-empty">
        <IconLayoutGrid size={30} stroke={1.4} className={classes.emptyIcon} />
        <Text fw={650}>{t('member.spaces.emptyTitle')}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {t('member.spaces.empty', { name })}
        </Text>
      </Paper>
    );
  }
  return (
    <section aria-label={t('member.spaces.label', { name })}>
      <ul className={classes.spaceGrid} data-testid="member-spaces">
        {spaces.map((space) => (
          <SpaceCard key={space.id} space={space} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="default"
          fullWidth
          mt="md"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('member.spaces.more')}
        </Button>
      ) : null}
    </section>
  );
}
