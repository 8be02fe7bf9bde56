import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Skeleton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PostLayout } from '../../../../contracts/theme-enums';
import { useIsMobile } from '../../../kernel/ui-store';
import { itemsOfPages, type PostListQuery } from '../community-api';
import { LoadError } from '../shared/states';
import { PostCard } from './post-card';
import classes from './posts.module.css';

type PostListProps = {
  query: PostListQuery;
  layout: PostLayout;
  showContainer: boolean;
  /** Shown when the list has no post. */
  empty: ReactNode;
  /** The accessible name of the list ("Beiträge in Yoga"). */
  label: string;
  headingLevel?: 2 | 3;
};

/** How many posts make the first row of a layout: their covers load at once, the rest lazily. */
const firstRow = (layout: PostLayout, isMobile: boolean) => (layout === 'card' && !isMobile ? 3 : 1);

/**
 * A container's posts in its layout, page after page (spec §7: pages above 1 are appended): the next page
 * loads when the end of the list comes near, or with the "more" button (keyboard, no scrolling).
 */
export function PostList({ query, layout, showContainer, empty, label, headingLevel = 2 }: PostListProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const result = useInfiniteQuery(query);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = result;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (result.isPending) {
    return <PostListSkeleton layout={layout} />;
  }
  if (result.isError && !result.data) {
    return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  }
  const posts = itemsOfPages(result.data);
  if (posts.length === 0) {
    return <>{empty}</>;
  }
  const eagerCount = firstRow(layout, isMobile);
  return (
    <>
      <ul className={classes.list} data-layout={layout} aria-label={label} data-testid="post-list">
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostCard
              post={post}
              layout={layout}
              eager={index < eagerCount}
              showContainer={showContainer}
              headingLevel={headingLevel}
            />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className={classes.more} ref={sentinel}>
          <Button
            variant="default"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
            data-testid="post-list-more"
          >
            {t('community.posts.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** While the first page loads: placeholders of the layout's shape, so nothing jumps when posts arrive. */
export function PostListSkeleton({ layout, count = 3 }: { layout: PostLayout; count?: number }) {
  const { t } = useTranslation();
  const items = Array.from({ length: layout === 'card' ? 6 : count }, (_, index) => index);
  return (
    <div className={classes.list} data-layout={layout} role="status" aria-label={t('community.loading')}>
      {items.map((index) =>
        layout === 'feed' ? (
          <div key={index} className={classes.feedItem}>
            <div className={classes.byline}>
              <Skeleton circle height={40} />
              <div style={{ flex: 1 }}>
                <Skeleton height={12} width="30%" radius="xl" />
                <Skeleton height={10} width="18%" radius="xl" mt={8} />
              </div>
            </div>
            <Skeleton height={20} width="70%" radius="xl" />
            <Skeleton height={12} radius="xl" />
            <Skeleton height={12} width="85%" radius="xl" />
            <Skeleton height={30} width={120} radius="xl" mb={8} />
          </div>
        ) : layout === 'list' ? (
          <div key={index} className={classes.row}>
            <Skeleton className={classes.rowThumb} />
            <div className={classes.rowBody}>
              <Skeleton height={16} width="55%" radius="xl" />
              <Skeleton height={10} width="35%" radius="xl" mt={6} />
            </div>
          </div>
        ) : (
          <div key={index} className={classes.tile}>
            <Skeleton radius={0} style={{ aspectRatio: '2.5' }} />
            <div className={classes.tileBody}>
              <Skeleton height={16} width="80%" radius="xl" />
              <Skeleton height={10} radius="xl" mt={4} />
              <Skeleton height={10} width="60%" radius="xl" />
            </div>
          </div>
        ),
      )}
    </div>
  );
}
