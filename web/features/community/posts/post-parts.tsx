import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { IconClock, IconMessageCircle, IconPin, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Post } from '../../../../contracts/community-posts';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { communityLinks, postLink } from '../community-links';
import { useLikePost } from '../community-mutations';
import { PostActionsMenu } from '../post-actions';
import { AuthorAvatar, AuthorName } from '../shared/author';
import { LikeButton } from '../shared/like-button';
import { TimeAgo } from '../../../components/time-ago';
import actionClasses from '../shared/actions.module.css';
import classes from './posts.module.css';

/** When the post counts as written: published, else (scheduled, seen by its author) created. */
export const postTimeOf = (post: Pick<Post, 'publishedAt' | 'createdAt'>) =>
  post.publishedAt ?? post.createdAt;

/** Author, time and, in feeds that mix containers, where the post was written. */
export function PostByline({
  post,
  showContainer,
  avatarSize = 40,
}: {
  post: Post;
  showContainer: boolean;
  avatarSize?: number;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const container = post.space
    ? { name: post.space.name, to: communityLinks.space(app.slug, post.space.slug) }
    : post.category
      ? { name: post.category.name, to: communityLinks.category(app.slug, post.category.slug) }
      : null;
  return (
    <div className={classes.byline}>
      <AuthorAvatar {...post.author} size={avatarSize} />
      <div className={classes.bylineText}>
        <AuthorName profileId={post.author.profileId} name={post.author.name} />
        <div className={classes.bylineMeta}>
          <TimeAgo value={postTimeOf(post)} />
          {showContainer && container ? (
            <>
              <span aria-hidden="true">·</span>
              <span>
                {t('community.post.in')}{' '}
                <Link to={container.to} className={classes.containerLink}>
                  {container.name}
                </Link>
              </span>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Pinned, scheduled, held by moderation: what sets a post apart in a list. */
export function PostBadges({ post }: { post: Post }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      {post.pinnedToTopAt ? (
        <Badge variant="light" leftSection={<IconPin size={12} stroke={2} />} className={classes.badge}>
          {t('community.post.pinned')}
        </Badge>
      ) : null}
      {post.isScheduled && post.publishAt ? (
        <Badge
          variant="light"
          color="orange"
          leftSection={<IconClock size={12} stroke={2} />}
          className={classes.badge}
        >
          {t('community.post.scheduled', { date: format.dateTime(post.publishAt) })}
        </Badge>
      ) : null}
      {post.moderation && post.moderation.status !== 'approved' ? (
        <Badge
          variant="light"
          color={post.moderation.status === 'rejected' ? 'red' : 'orange'}
          leftSection={<IconShieldCheck size={12} stroke={2} />}
          className={classes.badge}
          data-testid="post-moderation"
        >
          {t(post.moderation.status === 'rejected' ? 'community.post.rejected' : 'community.post.held')}
        </Badge>
      ) : null}
    </>
  );
}

/** The like button of a post (optimistic), its comment count (a link to the comments) and the "…" menu. */
export function PostStats({
  post,
  size = 'md',
  menu = true,
}: {
  post: Post;
  size?: 'sm' | 'md';
  menu?: boolean;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const like = useLikePost(app.id);
  const format = useFormat();
  const canLike = !post.isLikesDisabled && post.permissions.can.includes('like');
  return (
    <div className={classes.stats}>
      {post.isLikesDisabled ? null : (
        <LikeButton
          subject="post"
          liked={post.isLiked}
          count={post.likesCount}
          size={size}
          onToggle={canLike ? (liked) => like.mutate({ post, liked }) : undefined}
          testId="post-like"
        />
      )}
      {post.isCommentsDisabled ? null : (
        <Link
          to={`${postLink(app.slug, post)}#comments`}
          className={actionClasses.action}
          data-size={size}
          aria-label={t('community.post.comments', { count: post.commentsCount })}
          data-testid="post-comments-link"
        >
          <IconMessageCircle size={size === 'sm' ? 16 : 19} stroke={1.8} />
          <span className={actionClasses.count}>
            {post.commentsCount > 0 ? format.number(post.commentsCount) : null}
          </span>
        </Link>
      )}
      {menu ? (
        <div className={classes.menu}>
          <PostActionsMenu post={post} />
        </div>
      ) : null}
    </div>
  );
}

/** A cover picture at a fixed aspect ratio (spec §3), lazy unless it is in the first row of the screen. */
export function PostCover({
  post,
  ratio,
  eager,
  className,
  fallback,
}: {
  post: Post;
  ratio: number;
  eager: boolean;
  className?: string;
  fallback?: ReactNode;
}) {
  const url = post.cover?.url;
  if (!url) {
    return fallback ?? null;
  }
  return (
    <div className={`${classes.cover} ${className ?? ''}`} style={{ aspectRatio: String(ratio) }}>
      <img
        src={url}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
    </div>
  );
}
