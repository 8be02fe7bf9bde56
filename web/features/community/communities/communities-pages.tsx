import { IconCategory, IconMessagePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { postSortValues, type PostSort } from '../../../../contracts/community-posts';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { usePageTitle } from '../../../kernel/use-page-title';
import { categoriesQuery, categoryPostsQuery, categoryQuery } from '../community-api';
import { communityLinks } from '../community-links';
import { PostList, PostListSkeleton } from '../posts/post-list';
import { SortMenu } from '../posts/sort-menu';
import { NewPostButton } from '../shared/new-post-button';
import { PageHeader } from '../shared/page-header';
import { EmptyState, LoadError } from '../shared/states';
import { useSortParam } from '../shared/use-sort-param';
import classes from './communities.module.css';

/** `communities` (ROUTE-115): the categories, each with its number of posts, and where to write. */
export function CommunitiesPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  usePageTitle(t('community.communities.title'));
  const categories = useQuery(categoriesQuery(app.id));
  const canPost =
    categories.data?.some((category) => category.permissions.can.includes('create_post')) ?? false;

  return (
    <div data-testid="communities-page">
      <PageHeader
        title={t('community.communities.title')}
        lead={t('community.communities.lead')}
        actions={canPost ? <NewPostButton /> : null}
      />
      {categories.isPending ? (
        <PostListSkeleton layout="card" />
      ) : categories.isError ? (
        <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <EmptyState
          icon={<IconCategory size={28} stroke={1.6} />}
          title={t('community.communities.empty.title')}
          text={t('community.communities.empty.text')}
          testId="communities-empty"
        />
      ) : (
        <ul className={classes.categories}>
          {categories.data.map((category) => (
            <li key={category.id} className={classes.category} data-testid="category-card">
              <span className={classes.categoryMark} aria-hidden="true">
                {category.name.trim().charAt(0).toUpperCase()}
              </span>
              <Link to={communityLinks.category(app.slug, category.slug)} className={classes.categoryLink}>
                {category.name}
              </Link>
              <span className={classes.categoryCount}>
                {t('community.communities.posts', {
                  count: category.postsCount,
                  formatted: format.number(category.postsCount),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `communities/c/{categorySlug}` (ROUTE-117): a category's posts, pinned first. */
export function CategoryPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { categorySlug = '' } = useParams();
  const category = useQuery(categoryQuery(app.id, categorySlug));
  usePageTitle(category.data?.name ?? t('community.communities.title'));
  const [sort, setSort] = useSortParam<PostSort>(postSortValues, 'latest');

  if (category.isPending) {
    return <PostListSkeleton layout="feed" />;
  }
  if (category.isError) {
    return <LoadError error={category.error} onRetry={() => void category.refetch()} page />;
  }
  const data = category.data;
  const canPost = data.permissions.can.includes('create_post');
  const newPost = canPost ? (
    <NewPostButton
      target={{
        kind: 'category',
        id: data.id,
        name: data.name,
        canSchedule: data.permissions.can.includes('create_scheduled_post'),
      }}
    />
  ) : null;
  return (
    <div data-testid="category-page">
      <PageHeader
        eyebrow={
          <Link to={communityLinks.communities(app.slug)} className={classes.eyebrowLink}>
            {t('community.communities.title')}
          </Link>
        }
        title={data.name}
        actions={
          <>
            <SortMenu value={sort} options={postSortValues} onChange={setSort} />
            {newPost}
          </>
        }
      />
      <PostList
        query={categoryPostsQuery(app.id, data.id, sort)}
        layout="feed"
        showContainer={false}
        label={t('community.space.postsLabel', { name: data.name })}
        empty={
          <EmptyState
            icon={<IconMessagePlus size={28} stroke={1.6} />}
            title={t('community.space.empty.title')}
            text={t(canPost ? 'community.space.empty.textCanPost' : 'community.space.empty.text')}
            action={newPost}
            testId="category-empty"
          />
        }
      />
    </div>
  );
}
