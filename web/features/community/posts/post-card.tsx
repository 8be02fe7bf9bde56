import { Text } from '@mantine/core';
import { IconChartBar, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Post } from '../../../../contracts/community-posts';
import type { PostLayout } from '../../../../contracts/theme-enums';
import { useCurrentApp } from '../../../kernel/current-app';
import { postLink } from '../community-links';
import { PostBadges, PostByline, PostCover, PostStats } from './post-parts';
import classes from './posts.module.css';

/** Spec §3 aspect ratios (GAPS 36) the lists use: a wide cover in feeds and cards, a square thumbnail in rows. */
export const coverRatio = { feed: 2.5, card: 2.5, list: 1 } as const;

type PostCardProps = {
  post: Post;
  layout: PostLayout;
  /** In the first row of the screen: its cover loads at once. */
  eager: boolean;
  /** In a feed that mixes spaces: name the space. */
  showContainer: boolean;
  /** The heading level of the post's name in this list. */
  headingLevel?: 2 | 3;
};

/** One post in a list, in the container's layout (spec §3 post layouts feed, list, card). */
export function PostCard({ post, layout, eager, showContainer, headingLevel = 2 }: PostCardProps) {
  if (layout === 'list') {
    return <PostRow post={post} eager={eager} showContainer={showContainer} headingLevel={headingLevel} />;
  }
  if (layout === 'card') {
    return <PostTile post={post} eager={eager} showContainer={showContainer} headingLevel={headingLevel} />;
  }
  return <PostFeedItem post={post} eager={eager} showContainer={showContainer} headingLevel={headingLevel} />;
}

type VariantProps = Omit<PostCardProps, 'layout'> & { headingLevel: 2 | 3 };

function PostTitle({ post, level, className }: { post: Post; level: 2 | 3; className?: string }) {
  const app = useCurrentApp();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading className={className}>
      {/* The whole card is clickable through this link's stretched area (posts.module.css). */}
      <Link to={postLink(app.slug, post)} className={classes.titleLink} data-testid="post-card-link">
        {post.name}
      </Link>
    </Heading>
  );
}

/** Extras the excerpt does not show: a poll, attached files. */
function PostExtras({ post }: { post: Post }) {
  const { t } = useTranslation();
  if (!post.vote && post.media.length === 0) {
    return null;
  }
  return (
    <div className={classes.extras}>
      {post.vote ? (
        <span className={classes.extra}>
          <IconChartBar size={15} stroke={1.8} />
          {t('community.post.hasPoll')}
        </span>
      ) : null}
      {post.media.length > 0 ? (
        <span className={classes.extra}>
          <IconPaperclip size={15} stroke={1.8} />
          {t('community.post.media', { count: post.media.length })}
        </span>
      ) : null}
    </div>
  );
}

function PostFeedItem({ post, eager, showContainer, headingLevel }: VariantProps) {
  return (
    <article className={classes.feedItem} data-testid="post-card" data-layout="feed">
      <header className={classes.feedHeader}>
        <PostByline post={post} showContainer={showContainer} />
        <div className={classes.badges}>
          <PostBadges post={post} />
        </div>
      </header>
      <PostTitle post={post} level={headingLevel} className={classes.feedTitle} />
      {post.excerpt ? (
        <Text className={classes.excerpt} lineClamp={4}>
          {post.excerpt}
        </Text>
      ) : null}
      <PostCover post={post} ratio={coverRatio.feed} eager={eager} className={classes.feedCover} />
      <PostExtras post={post} />
      <footer className={classes.feedFooter}>
        <PostStats post={post} />
      </footer>
    </article>
  );
}

function PostRow({ post, eager, showContainer, headingLevel }: VariantProps) {
  return (
    <article className={classes.row} data-testid="post-card" data-layout="list">
      <PostCover
        post={post}
        ratio={coverRatio.list}
        eager={eager}
        className={classes.rowThumb}
        fallback={<div className={`${classes.rowThumb} ${classes.thumbFallback}`} aria-hidden="true" />}
      />
      <div className={classes.rowBody}>
        <div className={classes.badges}>
          <PostBadges post={post} />
        </div>
        <PostTitle post={post} level={headingLevel} className={classes.rowTitle} />
        {post.excerpt ? (
          <Text className={classes.rowExcerpt} lineClamp={1}>
            {post.excerpt}
          </Text>
        ) : null}
        <div className={classes.rowMeta}>
          <PostByline post={post} showContainer={showContainer} avatarSize={24} />
        </div>
      </div>
      <div className={classes.rowStats}>
        <PostStats post={post} size="sm" />
      </div>
    </article>
  );
}

function PostTile({ post, eager, showContainer, headingLevel }: VariantProps) {
  return (
    <article className={classes.tile} data-testid="post-card" data-layout="card">
      <PostCover
        post={post}
        ratio={coverRatio.card}
        eager={eager}
        className={classes.tileCover}
        fallback={
          <div
            className={`${classes.tileCover} ${classes.thumbFallback}`}
            style={{ aspectRatio: String(coverRatio.card) }}
            aria-hidden="true"
          />
        }
      />
      <div className={classes.tileBody}>
        <div className={classes.badges}>
          <PostBadges post={post} />
        </div>
        <PostTitle post={post} level={headingLevel} className={classes.tileTitle} />
        {post.excerpt ? (
          <Text className={classes.tileExcerpt} lineClamp={3}>
            {post.excerpt}
          </Text>
        ) : null}
        <div className={classes.tileFooter}>
          <PostByline post={post} showContainer={showContainer} avatarSize={28} />
          <PostStats post={post} size="sm" />
        </div>
      </div>
    </article>
  );
}
