import { useEffect } from 'react';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { homeFeedSortValues, type HomeFeedSort } from '../../../../contracts/community-posts';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsAuthenticated } from '../../../kernel/session/account-store';
import { usePageTitle } from '../../../kernel/use-page-title';
import { homeFeedQuery, spacesQuery } from '../community-api';
import { openComposer } from '../composer';
import { PostList } from '../posts/post-list';
import { SortMenu } from '../posts/sort-menu';
import { NewPostButton } from '../shared/new-post-button';
import { PageHeader } from '../shared/page-header';
import { EmptyState, SignInState } from '../shared/states';
import { useSortParam } from '../shared/use-sort-param';

/**
 * `groups?compose` (the onboarding's "introduce yourself"): the composer opens once the spaces say the member
 * may post, and the parameter goes, so going back does not open it again.
 */
function useComposeParam(ready: boolean, canPost: boolean) {
  const [params, setParams] = useSearchParams();
  const wanted = params.has('compose');
  useEffect(() => {
    if (!wanted || !ready) {
      return;
    }
    if (canPost) {
      openComposer({ target: null });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('compose');
        return next;
      },
      { replace: true },
    );
  }, [wanted, ready, canPost, setParams]);
}

/**
 * `groups` (ROUTE-68): the home feed of every space the member reads, pinned first, sorted latest, oldest or
 * trends. The "new post" button shows when any space allows posting (RULE-120).
 */
export function GroupsFeedPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  usePageTitle(t('community.feed.title'));
  const [sort, setSort] = useSortParam<HomeFeedSort>(homeFeedSortValues, 'latest');
  const spaces = useQuery(spacesQuery(app.id));
  const canPost = spaces.data?.some((space) => space.permissions.can.includes('create_post')) ?? false;
  const newPost = canPost ? <NewPostButton /> : null;
  const signedIn = useIsAuthenticated();
  useComposeParam(spaces.isSuccess, canPost);

  return (
    <div data-testid="groups-feed">
      <PageHeader
        title={t('community.feed.title')}
        lead={t('community.feed.lead')}
        actions={
          <>
            <SortMenu value={sort} options={homeFeedSortValues} onChange={setSort} />
            {newPost}
          </>
        }
      />
      <PostList
        query={homeFeedQuery(app.id, sort)}
        layout="feed"
        showContainer
        label={t('community.feed.listLabel')}
        empty={
          !signedIn ? (
            <SignInState />
          ) : (
            <EmptyState
              icon={<IconMessages size={28} stroke={1.6} />}
              title={t('community.feed.empty.title')}
              text={t(canPost ? 'community.feed.empty.textCanPost' : 'community.feed.empty.text')}
              action={newPost}
              testId="feed-empty"
            />
          )
        }
      />
    </div>
  );
}
