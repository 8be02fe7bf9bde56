import { useState } from 'react';
import { Button, Skeleton, Title } from '@mantine/core';
import { IconMessageCircle, IconMessageOff } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { commentSortValues, type CommentSort } from '../../../../contracts/community-comments';
import type { Post } from '../../../../contracts/community-posts';
import { sorting } from '../../../../contracts/constants';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { useIsAuthenticated } from '../../../kernel/session/account-store';
import { itemsOfPages } from '../community-api';
import { SortMenu } from '../posts/sort-menu';
import { EmptyState, LoadError } from '../shared/states';
import { CommentThread } from './comment-item';
import { NewCommentField } from './comment-editor';
import { commentHostOfPost, commentsQuery, useCreateComment, type CommentHost } from './comments-api';
import { useCommentAnchor } from './use-comment-anchor';
import classes from './comments.module.css';

/** A post's conversation: its comments unless the post turned them off. */
export function CommentSection({ post }: { post: Post }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  if (post.isCommentsDisabled) {
    return (
      <section className={classes.section} aria-label={t('community.comments.title')} id="comments">
        <p className={classes.closed}>
          <IconMessageOff size={18} stroke={1.8} />
          {t('community.comments.disabled')}
        </p>
      </section>
    );
  }
  return (
    <EntityCommentSection
      host={commentHostOfPost(app.id, post)}
      count={post.commentsCount}
      canWrite={post.permissions.can.includes('comment')}
    />
  );
}

/**
 * The conversation on a post or an event (POSTS-COMMENTS-30..35): 10 comments per page, "more" appends the
 * next ten, sorted oldest first or by trends; replies one level deep; writing needs the host's `comment` ability.
 */
export function EntityCommentSection({
  host,
  count,
  canWrite,
}: {
  host: CommentHost;
  count: number;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const signedIn = useIsAuthenticated();
  const [sort, setSort] = useState<CommentSort>(sorting.defaultCommentSort);
  const query = useInfiniteQuery(commentsQuery(app.id, host, sort));
  const create = useCreateComment(app.id, host);
  const comments = itemsOfPages(query.data);
  useCommentAnchor(query.isSuccess);

  return (
    <section
      className={classes.section}
      aria-labelledby="comments-title"
      id="comments"
      data-testid="comments"
    >
      <header className={classes.sectionHead}>
        <Title order={2} id="comments-title" className={classes.sectionTitle}>
          {t('community.comments.title')}
          {count > 0 ? <span className={classes.sectionCount}>{format.number(count)}</span> : null}
        </Title>
        {comments.length > 1 ? (
          <SortMenu
            value={sort}
            options={commentSortValues}
            onChange={setSort}
            labelPrefix="community.comments.sort"
            testId="comment-sort"
          />
        ) : null}
      </header>
      {canWrite ? (
        <NewCommentField onSubmit={(body) => create.mutateAsync({ body, parentCommentId: null })} />
      ) : !signedIn ? (
        <p className={classes.closed}>{t('community.comments.signInToWrite')}</p>
      ) : null}
      {query.isPending ? (
        <div className={classes.skeletons} role="status" aria-label={t('community.loading')}>
          {[0, 1].map((index) => (
            <div key={index} className={classes.comment}>
              <Skeleton circle height={36} />
              <div className={classes.main}>
                <Skeleton height={64} radius="lg" />
              </div>
            </div>
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} testId="comments-error" />
      ) : comments.length === 0 ? (
        <EmptyState
          icon={<IconMessageCircle size={26} stroke={1.6} />}
          title={t('community.comments.empty.title')}
          text={t(canWrite ? 'community.comments.empty.textCanWrite' : 'community.comments.empty.text')}
          order={3}
          testId="comments-empty"
        />
      ) : (
        <ul className={classes.threads} aria-label={t('community.comments.title')}>
          {comments.map((comment) => (
            <CommentThread key={comment.id} host={host} comment={comment} canWrite={canWrite} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className={classes.more}>
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="comments-more"
          >
            {t('community.comments.more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
