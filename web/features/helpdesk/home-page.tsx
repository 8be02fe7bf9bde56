import { Button, Skeleton, Text, Title } from '@mantine/core';
import { IconBook2, IconFlame, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { usePageTitle } from '../../kernel/use-page-title';
import { AskTeamLink } from './ask-team-link';
import { helpdeskTreeQuery, popularArticlesQuery } from './helpdesk-api';
import { helpdeskLinks } from './helpdesk-links';
import { Empty, LoadFailed } from './helpdesk-parts';
import { HelpdeskSearch } from './helpdesk-search';
import { childrenOf, publishedBelow } from './helpdesk-tree';
import classes from './helpdesk.module.css';

/** `helpdesk` (ROUTE-128): the search first, the top categories with their counts, the most read articles. */
export function HelpdeskHomePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  usePageTitle(t('helpdesk.title'));
  const tree = useQuery(helpdeskTreeQuery(app.id));
  const popular = useQuery({ ...popularArticlesQuery(app.id), enabled: tree.isSuccess });
  const categories = tree.data?.data ?? [];
  const top = childrenOf(categories, null);
  const slugOf = new Map(categories.map((category) => [category.id, category.slug]));
  const canEdit = tree.data?.permissions.can.includes('edit') ?? false;

  if (tree.isError) {
    return <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  }
  return (
    <div className={classes.page} data-testid="helpdesk-home">
      <header className={classes.hero}>
        <Title order={1} className={classes.heroTitle}>
          {t('helpdesk.home.title')}
        </Title>
        <Text className={classes.heroLead}>{t('helpdesk.home.lead')}</Text>
        <HelpdeskSearch />
        {canEdit ? (
          <Button
            component={Link}
            to={helpdeskLinks.settings(app.slug)}
            variant="subtle"
            size="xs"
            leftSection={<IconSettings size={16} stroke={1.8} />}
            className={classes.heroManage}
          >
            {t('helpdesk.home.manage')}
          </Button>
        ) : null}
      </header>

      <section aria-labelledby="helpdesk-categories-title" className={classes.section}>
        <Title order={2} size="h3" id="helpdesk-categories-title" className={classes.sectionTitle}>
          {t('helpdesk.home.categories')}
        </Title>
        {tree.isPending ? (
          <div className={classes.grid}>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={120} radius="lg" />
            ))}
          </div>
        ) : top.length === 0 ? (
          <Empty
            icon={<IconBook2 size={28} stroke={1.6} />}
            title={t('helpdesk.home.emptyTitle')}
            text={t(canEdit ? 'helpdesk.home.emptyTextEditor' : 'helpdesk.home.emptyText')}
            testId="helpdesk-empty"
          />
        ) : (
          <ul className={classes.grid}>
            {top.map((category) => {
              const count = publishedBelow(categories, category.id);
              return (
                <li key={category.id} className={classes.card} data-testid="helpdesk-category-card">
                  <span className={classes.cardMark} aria-hidden="true">
                    {category.name.trim().charAt(0).toUpperCase()}
                  </span>
                  <Link to={helpdeskLinks.category(app.slug, category.slug)} className={classes.cardLink}>
                    {category.name}
                  </Link>
                  {category.description ? (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {category.description}
                    </Text>
                  ) : null}
                  <span className={classes.cardCount}>
                    {t('helpdesk.articlesCount', { count, formatted: format.number(count) })}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {popular.data && popular.data.length > 0 ? (
        <section aria-labelledby="helpdesk-popular-title" className={classes.section}>
          <Title order={2} size="h3" id="helpdesk-popular-title" className={classes.sectionTitle}>
            <IconFlame size={22} stroke={1.7} aria-hidden="true" /> {t('helpdesk.home.popular')}
          </Title>
          <ol className={classes.list} data-testid="helpdesk-popular">
            {popular.data.map((article) => (
              <li key={article.id} className={classes.listItem}>
                <Link
                  to={helpdeskLinks.article(app.slug, slugOf.get(article.categoryId) ?? '', article.slug)}
                  className={classes.listLink}
                >
                  {article.name}
                </Link>
                {article.excerpt ? (
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {article.excerpt}
                  </Text>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <AskTeamLink />
    </div>
  );
}
