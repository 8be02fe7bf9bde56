import { Button, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellRinging, IconShare3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../contracts/community-posts';
import { RichText } from '../../../components/rich-text';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsMobile } from '../../../kernel/ui-store';
import { shareLink } from '../community-links';
import { useFollowPost } from '../community-mutations';
import { PostActionsMenu } from '../post-actions';
import { PostBadges, PostByline, PostCover, PostStats } from '../posts/post-parts';
import { Poll } from './poll';
import { PostMedia } from './post-media';
import classes from './post.module.css';

/** Spec §3 aspect ratios (GAPS 36): the post's cover is 5:2 on its page as in the feed. */
const postCoverRatio = 2.5;

/** Follow (bell): the member hears of new comments. Pressed while following. */
function FollowButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const follow = useFollowPost(app.id);
  if (!post.permissions.can.includes('follow')) {
    return null;
  }
  return (
    <Button
      variant={post.isFollowed ? 'light' : 'subtle'}
      color={post.isFollowed ? undefined : 'gray'}
      leftSection={
        post.isFollowed ? <IconBellRinging size={18} stroke={1.8} /> : <IconBell size={18} stroke={1.8} />
      }
      aria-pressed={post.isFollowed}
      onClick={() => follow.mutate({ post, followed: !post.isFollowed })}
      data-testid="post-follow"
    >
      {t(post.isFollowed ? 'community.post.following' : 'community.post.follow')}
    </Button>
  );
}

/** Share: the phone's share sheet where there is one, else the link is copied. */
function ShareButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const link = shareLink(window.location.origin, app.slug, post);
  if (!link || post.isShareDisabled || !post.permissions.can.includes('share')) {
    return null;
  }
  const handleShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: post.name, url: link });
        return;
      } catch {
        // Cancelled or refused: copying still helps.
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      notifications.show({ message: t('community.post.linkCopied'), color: 'teal' });
    } catch {
      notifications.show({ message: t('community.post.linkNotCopied', { link }), color: 'red' });
    }
  };
  return (
    <Tooltip label={t('community.post.shareHint')}>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconShare3 size={18} stroke={1.8} />}
        onClick={() => void handleShare()}
        data-testid="post-share"
      >
        {t('community.post.share')}
      </Button>
    </Tooltip>
  );
}

/** The post on its page: cover, title, author, the rendered body, media, poll and what one can do with it. */
export function PostView({
  post,
  onDeleted,
  onMoved,
}: {
  post: Post;
  onDeleted?: () => void;
  onMoved?: (post: Post) => void;
}) {
  const isMobile = useIsMobile();
  return (
    <article className={classes.article} data-mobile={isMobile || undefined} data-testid="post-view">
      <PostCover post={post} ratio={postCoverRatio} eager className={classes.cover} />
      <div className={classes.body}>
        <div className={classes.badges}>
          <PostBadges post={post} />
        </div>
        <Title order={1} className={classes.title} data-testid="post-title">
          {post.name}
        </Title>
        <PostByline post={post} showContainer avatarSize={44} />
        {post.body ? <RichText html={post.body} className={classes.content} testId="post-body" /> : null}
        <PostMedia media={post.media} />
        {post.vote ? <Poll post={post} vote={post.vote} /> : null}
        <footer className={classes.footer}>
          <PostStats post={post} menu={false} />
          <div className={classes.footerActions}>
            <FollowButton post={post} />
            <ShareButton post={post} />
            <PostActionsMenu post={post} onDeleted={onDeleted} onMoved={onMoved} />
          </div>
        </footer>
      </div>
    </article>
  );
}
