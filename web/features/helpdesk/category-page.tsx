import { Badge, Button, Skeleton, Text, Title } from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { usePageTitle } from '../../kernel/use-page-title';
import { categoryArticlesQuery, categoryBySlug, helpdeskTreeQuery } from './helpdesk-api';
import { helpdeskLinks } from './helpdesk-links';
import { Breadcrumbs, Empty, LoadFailed } from './helpdesk-parts';
import { ancestryOf, childrenOf, publishedBelow } from './helpdesk-tree';
import { NotFoundMessage } from '../../components/not-found-message';
import classes from './helpdesk.module.css';

/** `helpdesk/{categorySlug}` (ROUTE-129): the category's subcategories and its articles (drafts for editors). */
export function HelpdeskCategoryPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const { categorySlug = '' } = useParams();
  const tree = useQuery(helpdeskTreeQuery(app.id));
  const categories = tree.data?.data ?? [];
  const category = categoryBySlug(categories, categorySlug);
  usePageTitle(category?.name ?? t('helpdesk.title'));
  const articles = useInfiniteQuery(categoryArticlesQuery(app.id, category?.id ?? '', Boolean(category)));

  if (tree.isError) {
    return <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  }
  if (tree.isPending) {
    return <Skeleton height={240} radius="lg" className={classes.page} />;
  }
  if (!category) {
    return <NotFoundMessage />;
  }
  const canEdit = category.permissions.can.includes('edit');
  const children = childrenOf(categories, category.id);
  const list = articles.data?.pages.flatMap((page) => page.data) ?? [];
  const newArticle = canEdit ? (
    <Button
      component={Link}
      to={helpdeskLinks.newArticle(app.slug, category.slug)}
      leftSection={<IconPlus size={18} stroke={1.8} />}
      data-testid="helpdesk-new-article"
    >
      {t('helpdesk.article.new')}
    </Button>
  ) : null;

  return (
    <div className={classes.page} data-testid="helpdesk-category">
      <Breadcrumbs
        crumbs={[
          { label: t('helpdesk.title'), to: helpdeskLinks.home(app.slug) },
          ...ancestryOf(categories, category.id).map((item) => ({
            label: item.name,
            to: item.id === category.id ? undefined : helpdeskLinks.category(app.slug, item.slug),
          })),
        ]}
      />
      <header className={classes.pageHead}>
        <div>
          <Title order={1} className={classes.pageTitle}>
            {category.name}
          </Title>
          {category.description ? <Text c="dimmed">{category.description}</Text> : null}
        </div>
        {list.length > 0 || children.length > 0 ? newArticle : null}
      </header>

      {children.length > 0 ? (
        <section aria-labelledby="helpdesk-sub-title" className={classes.section}>
          <Title order={2} size="h4" id="helpdesk-sub-title" className={classes.sectionTitle}>
            {t('helpdesk.category.subcategories')}
          </Title>
          <ul className={classes.grid}>
            {children.map((child) => {
              const count = publishedBelow(categories, child.id);
              return (
                <li key={child.id} className={classes.card} data-testid="helpdesk-subcategory">
                  <Link to={helpdeskLinks.category(app.slug, child.slug)} className={classes.cardLink}>
                    {child.name}
                  </Link>
                  <span className={classes.cardCount}>
                    {t('helpdesk.articlesCount', { count, formatted: format.number(count) })}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="helpdesk-articles-title" className={classes.section}>
        <Title order={2} size="h4" id="helpdesk-articles-title" className={classes.sectionTitle}>
          {t('helpdesk.category.articles')}
        </Title>
        {articles.isPending ? (
          <Skeleton height={160} radius="lg" />
        ) : articles.isError ? (
          <LoadFailed error={articles.error} onRetry={() => void articles.refetch()} />
        ) : list.length === 0 ? (
          <Empty
            icon={<IconFileText size={28} stroke={1.6} />}
            title={t('helpdesk.category.emptyTitle')}
            text={t(canEdit ? 'helpdesk.category.emptyTextEditor' : 'helpdesk.category.emptyText')}
            action={newArticle}
            testId="helpdesk-category-empty"
          />
        ) : (
          <ul className={classes.list} data-testid="helpdesk-articles">
            {list.map((article) => (
              <li key={article.id} className={classes.listItem}>
                <span className={classes.listRow}>
                  <Link
                    to={helpdeskLinks.article(app.slug, category.slug, article.slug)}
                    className={classes.listLink}
                  >
                    {article.name}
                  </Link>
                  {!article.isPublished ? (
                    <Badge size="sm" variant="light" color="gray">
                      {t('helpdesk.article.draft')}
                    </Badge>
                  ) : null}
                </span>
                {article.excerpt ? (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {article.excerpt}
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {articles.hasNextPage ? (
          <Button
            variant="default"
            mt="md"
            onClick={() => void articles.fetchNextPage()}
            loading={articles.isFetchingNextPage}
            data-testid="helpdesk-articles-more"
          >
            {t('helpdesk.category.more')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
