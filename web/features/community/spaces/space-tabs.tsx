import { useEffect } from 'react';
import { IconClipboardText, IconMessagePlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postSortValues, type PostSort } from '../../../../contracts/community-posts';
import { RichText } from '../../../components/rich-text';
import { useCurrentApp } from '../../../kernel/current-app';
import { communityKeys, spacePostsQuery, spaceUpcomingQuery } from '../community-api';
import { PostList } from '../posts/post-list';
import { SortMenu } from '../posts/sort-menu';
import { MembersList } from '../shared/members-list';
import { EmptyState, LockedState } from '../shared/states';
import { useSortParam } from '../shared/use-sort-param';
import { MembershipButton } from './membership-button';
import { SpaceTabGuard, useSpace } from './space-layout';
import classes from './space.module.css';

/** The posts tab: the space's posts in its layout and sort, or what a private space asks of a visitor. */
export function SpacePostsTab() {
  return (
    <SpaceTabGuard tab="posts">
      <SpacePosts />
    </SpaceTabGuard>
  );
}

function SpacePosts() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const space = useSpace();
  const client = useQueryClient();
  const [sort, setSort] = useSortParam<PostSort>(postSortValues, space.defaultSort);
  const readable = space.permissions.can.includes('view');

  // The first page marks the space read on the server: once it is here, the sidebar's counter goes down.
  const firstPage = useInfiniteQuery({ ...spacePostsQuery(app.id, space.id, sort), enabled: readable });
  const read = firstPage.isSuccess;
  useEffect(() => {
    if (read) {
      void client.invalidateQueries({ queryKey: communityKeys.counters(app.id) });
    }
  }, [client, app.id, space.id, read]);

  if (!readable) {
    const requested = space.membership?.status === 'requested';
    return (
      <LockedState
        text={t(requested ? 'community.space.locked.requested' : 'community.space.locked.text')}
        action={requested ? null : <MembershipButton space={space} />}
      />
    );
  }
  return (
    <section aria-label={t('community.space.tab.posts')}>
      {space.permissions.can.includes('create_post') ? <UpcomingPosts /> : null}
      <div className={classes.toolbar}>
        <SortMenu value={sort} options={postSortValues} onChange={setSort} />
      </div>
      <PostList
        query={spacePostsQuery(app.id, space.id, sort)}
        layout={space.displayView}
        showContainer={false}
        label={t('community.space.postsLabel', { name: space.name })}
        empty={
          <EmptyState
            icon={<IconMessagePlus size={28} stroke={1.6} />}
            title={t('community.space.empty.title')}
            text={t(
              space.permissions.can.includes('create_post')
                ? 'community.space.empty.textCanPost'
                : 'community.space.empty.text',
            )}
            testId="space-empty"
          />
        }
      />
    </section>
  );
}

/**
 * What the caller wrote here that others do not see yet — scheduled, or waiting for a moderator — above the
 * space's posts, so an author finds it again (its moderators see every such post). Nothing when there is none.
 */
function UpcomingPosts() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const space = useSpace();
  const query = spaceUpcomingQuery(app.id, space.id);
  const upcoming = useInfiniteQuery(query);
  const total = upcoming.data?.pages[0]?.meta.total ?? 0;
  if (total === 0) {
    return null;
  }
  return (
    <section className={classes.upcoming} aria-labelledby="space-upcoming-title" data-testid="space-upcoming">
      <h2 id="space-upcoming-title" className={classes.upcomingTitle}>
        {t('community.space.upcoming', { count: total })}
      </h2>
      <PostList
        query={query}
        layout="list"
        showContainer={false}
        label={t('community.space.upcoming', { count: total })}
        headingLevel={3}
        empty={null}
      />
    </section>
  );
}

/** The members tab (ROUTE-71, needs `view_profiles`). */
export function SpaceMembersTab() {
  const space = useSpace();
  return (
    <SpaceTabGuard tab="members">
      <MembersList container="space" id={space.id} />
    </SpaceTabGuard>
  );
}

/** The rules tab (ROUTE-72): the space's rules as rich text. */
export function SpaceRulesTab() {
  const { t } = useTranslation();
  const space = useSpace();
  return (
    <SpaceTabGuard tab="rules">
      {space.rules ? (
        <section
          className={classes.rules}
          aria-label={t('community.space.tab.rules')}
          data-testid="space-rules"
        >
          <RichText html={space.rules} />
        </section>
      ) : (
        <EmptyState
          icon={<IconClipboardText size={28} stroke={1.6} />}
          title={t('community.space.rulesEmpty.title')}
          text={t('community.space.rulesEmpty.text')}
          testId="space-rules-empty"
        />
      )}
    </SpaceTabGuard>
  );
}
