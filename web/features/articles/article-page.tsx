import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Skeleton, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChevronRight,
  IconEdit,
  IconSpeakerphone,
  IconStar,
  IconStarFilled,
  IconThumbDown,
  IconThumbUp,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Article } from '../../../contracts/articles';
import { ConfirmActions } from '../../components/confirm-actions';
import { RichText } from '../../components/rich-text';
import { useCurrentApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';
import { articleBySlugQuery } from './articles-api';
import { articlesLinks } from './articles-links';
import { useArticleMutations, useArticleStanding } from './articles-mutations';
import { Byline, LoadFailed, StatusBadge } from './article-parts';
import classes from './articles.module.css';

/** Like, dislike and the favourite star: optimistic, one tap each; pressing the chosen one again takes it back. */
function Reactions({ article, queryKey }: { article: Article; queryKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const standing = useArticleStanding(queryKey, article);
  const can = article.permissions.can;
  const react = (value: 'like' | 'dislike') =>
    standing.mutate({ reaction: article.reaction === value ? null : value });
  return (
    <section
      className={classes.reactions}
      aria-label={t('articles.reactions')}
      data-testid="article-reactions"
    >
      <Group gap="sm">
        <Button
          variant={article.reaction === 'like' ? 'filled' : 'default'}
          leftSection={<IconThumbUp size={18} stroke={1.8} />}
          aria-pressed={article.reaction === 'like'}
          aria-label={t('articles.like', { count: article.likes })}
          disabled={!can.includes('react')}
          onClick={() => react('like')}
          data-testid="article-like"
        >
          {article.likes}
        </Button>
        <Button
          variant={article.reaction === 'dislike' ? 'filled' : 'default'}
          color={article.reaction === 'dislike' ? 'gray' : undefined}
          leftSection={<IconThumbDown size={18} stroke={1.8} />}
          aria-pressed={article.reaction === 'dislike'}
          aria-label={t('articles.dislike', { count: article.dislikes })}
          disabled={!can.includes('react')}
          onClick={() => react('dislike')}
          data-testid="article-dislike"
        >
          {article.dislikes}
        </Button>
      </Group>
      {can.includes('favorite') ? (
        <ActionIcon
          size="lg"
          variant={article.isFavorite ? 'light' : 'default'}
          color="yellow"
          aria-pressed={article.isFavorite}
          aria-label={t('articles.favorite.label')}
          onClick={() => standing.mutate({ isFavorite: !article.isFavorite })}
          data-testid="article-favorite"
        >
          {article.isFavorite ? <IconStarFilled size={20} /> : <IconStar size={20} stroke={1.8} />}
        </ActionIcon>
      ) : null}
    </section>
  );
}

/** ROUTE-120 `articles/{categorySlug}/{articleSlug}`. */
export function ArticlePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const { articleSlug = '' } = useParams();
  const query = articleBySlugQuery(app.id, articleSlug);
  const answer = useQuery(query);
  const { remove } = useArticleMutations();
  const [deleting, setDeleting] = useState(false);
  usePageTitle(answer.data?.data.name ?? t('articles.title'));
  if (answer.isError) {
    return <LoadFailed error={answer.error} onRetry={() => void answer.refetch()} />;
  }
  if (answer.isPending) {
    return <Skeleton height={480} radius="lg" className={classes.page} />;
  }
  const article = answer.data.data;
  const can = article.permissions.can;
  const confirmDelete = () =>
    remove.mutate(article.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('articles.deleted', { name: article.name }) });
        void navigate(articlesLinks.list(app.slug));
      },
    });

  return (
    <article className={classes.readPage} data-testid="article-page">
      <nav aria-label={t('articles.breadcrumbs')} className={classes.crumbs}>
        <Anchor component={Link} to={articlesLinks.list(app.slug)} size="sm" c="dimmed" fw={600}>
          {t('articles.title')}
        </Anchor>
        <IconChevronRight size={14} stroke={1.8} aria-hidden="true" />
        <Text span size="sm" c="dimmed" fw={600}>
          {article.category.name}
        </Text>
      </nav>
      <Group gap="xs" mb={6}>
        <StatusBadge article={article} />
        {article.isAnnounced ? (
          <Text size="xs" fw={700} c="teal" className={classes.count}>
            <IconSpeakerphone size={15} stroke={1.8} aria-hidden="true" />
            {t('articles.announced')}
          </Text>
        ) : null}
      </Group>
      <Title order={1} className={classes.readTitle}>
        {article.name}
      </Title>
      <Group justify="space-between" my="md" gap="sm">
        <Byline article={article} size="md" />
        {can.includes('edit') ? (
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to={articlesLinks.edit(app.slug, article.id)}
              leftSection={<IconEdit size={18} stroke={1.8} />}
              data-testid="article-edit"
            >
              {t('articles.edit')}
            </Button>
            <Tooltip label={t('articles.delete')}>
              <ActionIcon
                size="lg"
                variant="default"
                color="red"
                aria-label={t('articles.delete')}
                onClick={() => setDeleting(true)}
              >
                <IconTrash size={18} stroke={1.8} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null}
      </Group>
      {deleting ? (
        <div className={classes.confirm} role="alert">
          <Text fw={600}>{t('articles.deleteConfirm', { name: article.name })}</Text>
          <ConfirmActions
            onCancel={() => setDeleting(false)}
            onConfirm={confirmDelete}
            confirmLabel={t('articles.delete')}
            confirmIcon={<IconTrash size={18} stroke={1.8} />}
            loading={remove.isPending}
          />
        </div>
      ) : null}
      {article.cover?.previewUrl ? (
        <img className={classes.readCover} src={article.cover.previewUrl} alt="" />
      ) : null}
      <RichText html={article.body} className={classes.readBody} />
      <Reactions article={article} queryKey={query.queryKey} />
      <Text size="xs" c="dimmed" mt="xs">
        {t(article.access === 'auth' ? 'articles.access.authNote' : 'articles.access.freeNote')}
      </Text>
    </article>
  );
}
