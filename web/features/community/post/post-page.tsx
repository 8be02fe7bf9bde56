import { Skeleton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Post } from '../../../../contracts/community-posts';
import { useCurrentApp } from '../../../kernel/current-app';
import { usePageTitle } from '../../../kernel/use-page-title';
import { postQuery, sharedPostQuery, type SinglePostQuery } from '../community-api';
import { communityLinks, postLink } from '../community-links';
import { CommentSection } from '../comments/comment-section';
import { LoadError } from '../shared/states';
import { PostView } from './post-view';
import classes from './post.module.css';

/** Where a post lives: its space or category (or the communities overview). */
function useContainerOf(post: Post): { to: string; name: string } {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const name = post.space?.name ?? post.category?.name ?? t('community.communities.title');
  return { to: containerLinkOf(app.slug, post), name };
}

/** "← Yoga": back to the post's space or category. */
function BackLink({ post }: { post: Post }) {
  const { t } = useTranslation();
  const target = useContainerOf(post);
  return (
    <Link to={target.to} className={classes.back} data-testid="post-back">
      <IconArrowLeft size={17} stroke={1.8} />
      {t('community.post.backTo', { name: target.name })}
    </Link>
  );
}

function containerLinkOf(appSlug: string, post: Post): string {
  return post.space
    ? communityLinks.space(appSlug, post.space.slug)
    : post.category
      ? communityLinks.category(appSlug, post.category.slug)
      : communityLinks.communities(appSlug);
}

function PostPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <div className={classes.article} role="status" aria-label={t('community.loading')}>
        <div className={classes.skeleton}>
          <Skeleton height={32} width="70%" radius="xl" />
          <Skeleton height={14} width="30%" radius="xl" />
          <Skeleton height={12} radius="xl" mt="md" />
          <Skeleton height={12} radius="xl" />
          <Skeleton height={12} width="80%" radius="xl" />
        </div>
      </div>
    </div>
  );
}

function PostScreen({ query }: { query: SinglePostQuery }) {
  const app = useCurrentApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { spaceSlug, categorySlug } = useParams();
  const result = useQuery(query);
  usePageTitle(result.data?.name ?? '');

  if (result.isPending) {
    return <PostPageSkeleton />;
  }
  if (result.isError) {
    return <LoadError error={result.error} onRetry={() => void result.refetch()} page />;
  }
  const post = result.data;
  // An address of an older container (the post was moved, or a deprecated address) leads to the current one.
  const moved =
    (spaceSlug !== undefined && post.space?.slug !== spaceSlug) ||
    (categorySlug !== undefined && post.category?.slug !== categorySlug);
  if (moved && !pathname.includes('/share/')) {
    return <Navigate to={postLink(app.slug, post)} replace />;
  }
  return (
    <div className={classes.page} data-testid="post-page">
      <BackLink post={post} />
      <PostView
        post={post}
        // A deleted post's page leads back to where it was; a moved one follows the post.
        onDeleted={() => void navigate(containerLinkOf(app.slug, post), { replace: true })}
        onMoved={(moved) => void navigate(postLink(app.slug, moved), { replace: true })}
      />
      <CommentSection post={post} />
    </div>
  );
}

/** `groups/g/{spaceSlug}/p/{postSlug}` (ROUTE-70), `communities[/c/{categorySlug}]/p/{postSlug}` (ROUTE-116, -118). */
export function PostPage() {
  const app = useCurrentApp();
  const { postSlug = '' } = useParams();
  return <PostScreen query={postQuery(app.id, postSlug)} />;
}

/** `…/share/{shareHash}` (ROUTE-59, -60): the post a share link points at, for whoever the post allows. */
export function SharedPostPage() {
  const app = useCurrentApp();
  const { shareHash = '' } = useParams();
  return <PostScreen query={sharedPostQuery(app.id, shareHash)} />;
}
