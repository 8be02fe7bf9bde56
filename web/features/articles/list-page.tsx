import { useState } from 'react';
import {
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArticle, IconPlus, IconSearch, IconStarFilled, IconThumbUp } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { articleFilterValues, type Article, type ArticleFilter } from '../../../contracts/articles';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsAuthenticated } from '../../kernel/session/account-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { articleCategoriesQuery, articleCountersQuery, articleListQuery } from './articles-api';
import { articlesLinks } from './articles-links';
import { EmptyState } from '../../components/empty-state';
import { AnnouncedBadge, Byline, Highlighted, LoadFailed, StatusBadge } from './article-parts';
import classes from './articles.module.css';

const filterOf = (value: string | null): ArticleFilter =>
  articleFilterValues.find((filter) => filter === value) ?? 'active';

type ArticleCardProps = {
  article: Article;
  filter: ArticleFilter;
  /** The team sees which articles are announcements. */
  isEditor: boolean;
};

function ArticleCard({ article, filter, isEditor }: ArticleCardProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const to =
    article.status === 'active' && !article.isScheduled
      ? articlesLinks.article(app.slug, article.category.slug, article.slug)
      : articlesLinks.edit(app.slug, article.id, filter);
  return (
    <article className={classes.card} data-testid="article-card">
      <div className={classes.cardCover} aria-hidden="true">
        {article.cover?.tileUrl ? (
          <img src={article.cover.tileUrl} alt="" loading="lazy" />
        ) : (
          <IconArticle size={34} stroke={1.3} />
        )}
      </div>
      <div className={classes.cardBody}>
        <Group gap={6}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.cardCategory}>
            {article.category.name}
          </Text>
          <StatusBadge article={article} />
          {isEditor ? <AnnouncedBadge article={article} /> : null}
        </Group>
        <Title order={2} size="h4" className={classes.cardTitle}>
          <Link to={to} className={classes.cardLink}>
            {article.name}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {article.highlight ? <Highlighted highlight={article.highlight} /> : article.excerpt}
        </Text>
        <Group justify="space-between" mt="auto" pt="xs">
          <Byline article={article} />
          <Group gap={10}>
            {article.isFavorite ? (
              <IconStarFilled size={16} className={classes.star} aria-label={t('articles.favorite.is')} />
            ) : null}
            <Text size="xs" c="dimmed" className={classes.count}>
              <IconThumbUp size={15} stroke={1.8} aria-hidden="true" />
              <span>{t('articles.likesCount', { count: article.likes })}</span>
            </Text>
          </Group>
        </Group>
      </div>
    </article>
  );
}

/** ROUTE-119: the articles; editors also see the drafts and the scheduled ones (with their counts). */
export function ArticlesListPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const signedIn = useIsAuthenticated();
  usePageTitle(t('articles.title'));
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const categoryId = params.get('category');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const counters = useQuery(articleCountersQuery(app.id));
  const categories = useQuery(articleCategoriesQuery(app.id));
  const list = useInfiniteQuery(articleListQuery(app.id, filter, categoryId, q));
  const isEditor = counters.data?.draft !== null && counters.data?.draft !== undefined;
  const articles = list.data?.pages.flatMap((page) => page.data) ?? [];

  const change = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || (key === 'filter' && value === 'active')) {
          next.delete(key);
        } else {
          next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const tabs: { filter: ArticleFilter; count: number | null | undefined }[] = [
    { filter: 'active', count: counters.data?.active },
    ...(isEditor
      ? [
          { filter: 'draft' as const, count: counters.data?.draft },
          { filter: 'scheduled' as const, count: counters.data?.scheduled },
        ]
      : []),
    ...(signedIn ? [{ filter: 'favorites' as const, count: counters.data?.favorites }] : []),
  ];

  return (
    <div className={classes.page} data-testid="articles-list">
      <header className={classes.header}>
        <div>
          <Title order={1} className={classes.pageTitle}>
            {t('articles.title')}
          </Title>
          <Text c="dimmed">{t('articles.lead')}</Text>
        </div>
        {isEditor ? (
          <Button
            component={Link}
            to={articlesLinks.create(app.slug, filter)}
            leftSection={<IconPlus size={18} stroke={1.8} />}
            data-testid="article-create"
          >
            {t('articles.new')}
          </Button>
        ) : null}
      </header>
      <TextInput
        className={classes.search}
        size="md"
        radius="xl"
        leftSection={<IconSearch size={18} stroke={1.8} />}
        placeholder={t('articles.searchPlaceholder')}
        aria-label={t('articles.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          change('q', event.currentTarget.value.trim());
        }}
        data-testid="articles-search"
      />
      {tabs.length > 1 ? (
        <Tabs value={filter} onChange={(value) => change('filter', value)} mt="md">
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.filter} value={tab.filter} data-testid={`articles-tab-${tab.filter}`}>
                {t(`articles.filter.${tab.filter}`)}
                {typeof tab.count === 'number' ? <span className={classes.tabCount}>{tab.count}</span> : null}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
      {(categories.data?.data.length ?? 0) > 1 ? (
        <div className={classes.chips} role="group" aria-label={t('articles.categories')}>
          {[{ id: null, name: t('articles.allCategories') }, ...(categories.data?.data ?? [])].map(
            (category) => (
              <UnstyledButton
                key={category.id ?? 'all'}
                className={classes.chip}
                aria-pressed={categoryId === category.id}
                onClick={() => change('category', category.id)}
              >
                {category.name}
              </UnstyledButton>
            ),
          )}
        </div>
      ) : null}
      <div className={classes.results}>
        {list.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={320} radius="lg" />
            ))}
          </SimpleGrid>
        ) : list.isError ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : articles.length === 0 ? (
          <EmptyState
            icon={<IconArticle size={28} stroke={1.6} />}
            title={t(q ? 'articles.empty.search' : `articles.empty.${filter}`)}
            testId="articles-empty"
          />
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
              {t('articles.total', { count: list.data.pages[0]?.meta.total ?? 0 })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {articles.map((article) => (
                <ArticleCard key={article.id} article={article} filter={filter} isEditor={isEditor} />
              ))}
            </SimpleGrid>
            {list.hasNextPage ? (
              <Group justify="center" mt="lg">
                <Button
                  variant="default"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('articles.more')}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
