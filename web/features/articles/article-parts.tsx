import type { ReactNode } from 'react';
import { Avatar, Badge, Group, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Article, ArticleHighlight } from '../../../contracts/articles';
import { LoadFailedState } from '../../components/empty-state';
import { useFormat } from '../../kernel/format';
import classes from './articles.module.css';

/** A search hit's passage: the matched ranges in `<mark>` (text only, never HTML). */
export function Highlighted({ highlight }: { highlight: ArticleHighlight }) {
  const pieces: ReactNode[] = [];
  let at = 0;
  highlight.ranges.forEach(([start, end], index) => {
    pieces.push(highlight.text.slice(at, start), <mark key={index}>{highlight.text.slice(start, end)}</mark>);
    at = end;
  });
  pieces.push(highlight.text.slice(at));
  return <>{pieces}</>;
}

/** Draft or scheduled (the editors' lists and pages); nothing for a published article. */
export function StatusBadge({ article }: { article: Article }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (article.status === 'draft') {
    return (
      <Badge color="gray" variant="light" data-testid="article-status">
        {t('articles.status.draft')}
      </Badge>
    );
  }
  if (article.isScheduled && article.publishAt) {
    return (
      <Badge color="violet" variant="light" data-testid="article-status">
        {t('articles.status.scheduledAt', { date: format.dateTime(article.publishAt) })}
      </Badge>
    );
  }
  return null;
}

/** An announcement (the members are told of it once it is published): the editors' mark in their list. */
export function AnnouncedBadge({ article }: { article: Article }) {
  const { t } = useTranslation();
  if (!article.isAnnounced) {
    return null;
  }
  return (
    <Badge
      color="teal"
      variant="light"
      leftSection={<IconSpeakerphone size={12} stroke={2} aria-hidden="true" />}
      data-testid="article-announced"
    >
      {t('articles.announced')}
    </Badge>
  );
}

/** The author's picture and name with the date of publication (or of the last change, unpublished). */
export function Byline({ article, size = 'sm' }: { article: Article; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = article.author
    ? `${article.author.firstName} ${article.author.lastName}`.trim()
    : t('articles.team');
  return (
    <Group gap="xs" wrap="nowrap" className={classes.byline}>
      <Avatar
        src={article.author?.avatarUrl ?? null}
        size={size === 'md' ? 36 : 26}
        radius="xl"
        name={name}
        color="initials"
      />
      <div>
        <Text size={size} fw={600} lh={1.2}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          {format.longDate(article.publishedAt ?? article.updatedAt)}
        </Text>
      </div>
    </Group>
  );
}

/** A failed read of the articles: not found, or a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadFailedState error={error} title={t('articles.error')} onRetry={onRetry} />;
}
