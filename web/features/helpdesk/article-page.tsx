import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconThumbDown, IconThumbUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { HelpdeskArticle, HelpdeskCategory } from '../../../contracts/helpdesk';
import { NotFoundMessage } from '../../components/not-found-message';
import { RichText } from '../../components/rich-text';
import { useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { usePageTitle } from '../../kernel/use-page-title';
import { categoryBySlug, helpdeskArticleQuery, helpdeskTreeQuery } from './helpdesk-api';
import { helpdeskLinks } from './helpdesk-links';
import { useArticleMutations, useArticleVote } from './helpdesk-mutations';
import { AskTeamLink } from './ask-team-link';
import { Breadcrumbs, LoadFailed } from './helpdesk-parts';
import { ConfirmDelete } from './confirm-delete';
import classes from './helpdesk.module.css';

/** "Was this helpful?": yes or no, changeable; pressing the chosen answer again takes it back. */
function VoteBox({ article, queryKey }: { article: HelpdeskArticle; queryKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const vote = useArticleVote(queryKey, article.id);
  const answer = (value: boolean) => vote.mutate(article.myVote === value ? null : value);
  return (
    <section className={classes.vote} aria-labelledby="helpdesk-vote-title" data-testid="helpdesk-vote">
      <Text fw={650} id="helpdesk-vote-title">
        {t('helpdesk.vote.question')}
      </Text>
      <Group gap="sm">
        <Button
          variant={article.myVote === true ? 'filled' : 'default'}
          leftSection={<IconThumbUp size={18} stroke={1.8} />}
          aria-pressed={article.myVote === true}
          onClick={() => answer(true)}
          disabled={vote.isPending}
          data-testid="helpdesk-vote-yes"
        >
          {t('helpdesk.vote.yes')}
        </Button>
        <Button
          variant={article.myVote === false ? 'filled' : 'default'}
          leftSection={<IconThumbDown size={18} stroke={1.8} />}
          aria-pressed={article.myVote === false}
          onClick={() => answer(false)}
          disabled={vote.isPending}
          data-testid="helpdesk-vote-no"
        >
          {t('helpdesk.vote.no')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="helpdesk-vote-thanks">
        {article.myVote === null
          ? ''
          : t(article.myVote ? 'helpdesk.vote.thanksYes' : 'helpdesk.vote.thanksNo')}
      </Text>
      {/* Not helpful: the team may know what the article does not say. */}
      {article.myVote === false ? <AskTeamLink /> : null}
    </section>
  );
}

/** `helpdesk/{categorySlug}/{articleSlug}` (ROUTE-130). */
export function HelpdeskArticlePage() {
  const { categorySlug = '', articleSlug = '' } = useParams();
  const app = useCurrentApp();
  const tree = useQuery(helpdeskTreeQuery(app.id));
  const category = categoryBySlug(tree.data?.data, categorySlug);
  if (tree.isError) {
    return <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  }
  if (tree.isPending) {
    return <Skeleton height={320} radius="lg" className={classes.page} />;
  }
  if (!category) {
    return <NotFoundMessage />;
  }
  return <ArticleView categories={tree.data.data} category={category} slug={articleSlug} />;
}

function ArticleView({
  categories,
  category,
  slug,
}: {
  categories: HelpdeskCategory[];
  category: HelpdeskCategory;
  slug: string;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const navigate = useNavigate();
  const query = helpdeskArticleQuery(app.id, category.id, slug);
  const answer = useQuery(query);
  const { remove } = useArticleMutations();
  const [deleting, setDeleting] = useState(false);
  usePageTitle(answer.data?.data.name ?? t('helpdesk.title'));

  if (answer.isPending) {
    return <Skeleton height={320} radius="lg" className={classes.page} />;
  }
  if (answer.isError) {
    return <LoadFailed error={answer.error} onRetry={() => void answer.refetch()} />;
  }
  const { data: article, related } = answer.data;
  const can = article.permissions.can;
  const slugOf = new Map(categories.map((item) => [item.id, item.slug]));
  const confirmDelete = () =>
    remove.mutate(article.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('helpdesk.article.deleted', { name: article.name }) });
        void navigate(helpdeskLinks.category(app.slug, category.slug), { replace: true });
      },
    });

  return (
    <div className={classes.page} data-testid="helpdesk-article">
      <Breadcrumbs
        crumbs={[
          { label: t('helpdesk.title'), to: helpdeskLinks.home(app.slug) },
          ...article.categories.map((item) => ({
            label: item.name,
            to: helpdeskLinks.category(app.slug, item.slug),
          })),
        ]}
      />
      <div className={classes.articleLayout}>
        <article className={classes.article}>
          <header className={classes.articleHead}>
            <Title order={1} className={classes.pageTitle}>
              {article.name}
            </Title>
            <Group gap="xs" className={classes.articleMeta}>
              {!article.isPublished ? (
                <Badge variant="light" color="gray">
                  {t('helpdesk.article.draft')}
                </Badge>
              ) : null}
              <Text size="sm" c="dimmed">
                {t('helpdesk.article.updated', { date: format.longDate(article.updatedAt) })}
              </Text>
            </Group>
            {can.includes('edit') ? (
              <Group gap="xs">
                <Button
                  component={Link}
                  to={helpdeskLinks.editArticle(app.slug, category.slug, article.slug)}
                  variant="light"
                  size="xs"
                  leftSection={<IconEdit size={16} stroke={1.8} />}
                  data-testid="helpdesk-article-edit"
                >
                  {t('helpdesk.edit')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={16} stroke={1.8} />}
                  onClick={() => setDeleting(true)}
                >
                  {t('helpdesk.delete')}
                </Button>
              </Group>
            ) : null}
          </header>
          {article.cover?.url ? <img src={article.cover.url} alt="" className={classes.cover} /> : null}
          {article.body ? (
            <RichText html={article.body} className={classes.body} testId="helpdesk-article-body" />
          ) : null}
          {can.includes('vote') && article.isPublished ? (
            <VoteBox article={article} queryKey={query.queryKey} />
          ) : null}
        </article>
        {related.length > 0 ? (
          <aside className={classes.related} aria-labelledby="helpdesk-related-title">
            <Title order={2} size="h5" id="helpdesk-related-title" className={classes.sectionTitle}>
              {t('helpdesk.article.related')}
            </Title>
            <ul className={classes.relatedList} data-testid="helpdesk-related">
              {related.map((item) => (
                <li key={item.id}>
                  <Link to={helpdeskLinks.article(app.slug, slugOf.get(item.categoryId) ?? '', item.slug)}>
                    {item.name}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
      {deleting ? (
        <ConfirmDelete
          title={t('helpdesk.article.deleteTitle')}
          text={t('helpdesk.article.deleteText', { name: article.name })}
          onCancel={() => setDeleting(false)}
          onConfirm={confirmDelete}
          loading={remove.isPending}
        />
      ) : null}
    </div>
  );
}
