import { useState } from 'react';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  articleCreateBodySchema,
  articleFilterValues,
  articleLimits,
  type Article,
  type ArticleAccess,
  type ArticleCategory,
  type ArticleFilter,
} from '../../../contracts/articles';
import type { ArticleStatus } from '../../../contracts/enums';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { NotFoundMessage } from '../../components/not-found-message';
import { RichTextEditor } from '../../components/rich-text';
import { useCurrentApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';
import { TimezoneSelect } from '../account';
import { coverRatios, PictureField, type Picture } from '../community-settings';
import { articleByIdQuery, articleCategoriesQuery, articleCountersQuery } from './articles-api';
import { articlesLinks } from './articles-links';
import { useArticleMutations } from './articles-mutations';
import { LoadFailed } from './article-parts';
import { instantToLocal, localToInstant } from '../../kernel/zoned-time';
import classes from './articles.module.css';

type Values = {
  name: string;
  body: string;
  categoryId: string | null;
  cover: Picture | null;
  status: ArticleStatus;
  access: ArticleAccess;
  isAnnounced: boolean;
  scheduled: boolean;
  publishLocal: string;
  timeZone: string;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function valuesOf(article: Article | null, categories: ArticleCategory[]): Values {
  const timeZone = article?.timeZone ?? browserZone();
  return {
    name: article?.name ?? '',
    body: article?.body ?? '',
    categoryId: article?.category.id ?? categories[0]?.id ?? null,
    cover: article?.cover ? { id: article.cover.id, url: article.cover.previewUrl } : null,
    status: article?.status ?? 'active',
    access: article?.access ?? 'free',
    isAnnounced: article?.isAnnounced ?? false,
    scheduled: Boolean(article?.isScheduled),
    publishLocal:
      article?.isScheduled && article.publishAt ? instantToLocal(article.publishAt, timeZone) : '',
    timeZone,
  };
}

/** `articles/new` and `articles/edit/{id}`: editors only; back to the list of the filter it came from (RULE-40). */
export function ArticleEditorPage() {
  const { articleId } = useParams();
  const app = useCurrentApp();
  const counters = useQuery(articleCountersQuery(app.id));
  const categories = useQuery(articleCategoriesQuery(app.id));
  const article = useQuery({ ...articleByIdQuery(app.id, articleId ?? ''), enabled: Boolean(articleId) });
  const failed = [categories, article, counters].find((query) => query.isError);
  if (failed) {
    return <LoadFailed error={failed.error} onRetry={() => void failed.refetch()} />;
  }
  if (categories.isPending || counters.isPending || (articleId && article.isPending)) {
    return <Skeleton height={520} radius="lg" className={classes.page} />;
  }
  if (
    counters.data?.draft === null ||
    (article.data && !article.data.data.permissions.can.includes('edit'))
  ) {
    return <NotFoundMessage />;
  }
  return (
    <ArticleForm
      key={article.data?.data.id ?? 'new'}
      article={article.data?.data ?? null}
      categories={categories.data?.data ?? []}
    />
  );
}

function ArticleForm({ article, categories }: { article: Article | null; categories: ArticleCategory[] }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter: ArticleFilter =
    articleFilterValues.find((value) => value === params.get('filter')) ?? 'active';
  const issueText = useIssueText();
  const title = t(article ? 'articles.editor.editTitle' : 'articles.editor.newTitle');
  usePageTitle(title);
  const [values, setValues] = useState<Values>(() => valuesOf(article, categories));
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const { create, update } = useArticleMutations();
  const publishAt = values.scheduled ? localToInstant(values.publishLocal, values.timeZone) : null;
  const checks = useFormChecks(articleCreateBodySchema, {
    name: values.name,
    body: values.body,
    categoryId: values.categoryId ?? '',
  });
  const [scheduleIssue, setScheduleIssue] = useState(false);
  const issueOf = (field: string) => issueText(checks.issues[field] ?? checks.serverIssues[field]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const scheduleMissing = values.scheduled && !publishAt;
    setScheduleIssue(scheduleMissing);
    if (!checks.check() || scheduleMissing) {
      return;
    }
    const body = {
      name: values.name,
      body: values.body,
      categoryId: values.categoryId!,
      coverId: values.cover?.id ?? null,
      status: values.status,
      access: values.access,
      isAnnounced: values.isAnnounced,
      publishAt,
      timeZone: values.scheduled ? values.timeZone : null,
    };
    const onSuccess = ({ data }: { data: Article }) => {
      notifications.show({ color: 'teal', message: t('articles.editor.saved', { name: data.name }) });
      void navigate(articlesLinks.list(app.slug, filter));
    };
    const onError = checks.takeServerIssues;
    if (article) {
      update.mutate({ id: article.id, ...body }, { onSuccess, onError });
    } else {
      create.mutate(body, { onSuccess, onError });
    }
  };

  if (categories.length === 0) {
    return (
      <div className={classes.page}>
        <Title order={1} className={classes.pageTitle} mb="sm">
          {title}
        </Title>
        <Text mb="md">{t('articles.editor.noCategories')}</Text>
        <Button component={Link} to={articlesLinks.settings(app.slug)}>
          {t('articles.editor.toSettings')}
        </Button>
      </div>
    );
  }

  return (
    <div className={classes.page} data-testid="article-editor">
      <Title order={1} className={classes.pageTitle} mb="lg">
        {title}
      </Title>
      <Paper component="form" onSubmit={submit} className={classes.editor} noValidate>
        <TextInput
          label={t('articles.editor.name')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={issueOf('name')}
          required
          maxLength={articleLimits.name}
          data-testid="article-editor-name"
        />
        <Select
          label={t('articles.editor.category')}
          data={categories.map((category) => ({ value: category.id, label: category.name }))}
          value={values.categoryId}
          onChange={(value) => value && set('categoryId', value)}
          allowDeselect={false}
          error={issueOf('categoryId')}
          required
          data-testid="article-editor-category"
        />
        <RichTextEditor
          label={t('articles.editor.body')}
          value={values.body}
          onChange={(html) => set('body', html)}
          placeholder={t('articles.editor.bodyPlaceholder')}
          error={issueOf('body')}
          minHeight={260}
          testId="article-editor-body"
        />
        <PictureField
          label={t('articles.editor.cover')}
          hint={t('articles.editor.coverHint')}
          value={values.cover}
          onChange={(picture) => set('cover', picture)}
          ratios={coverRatios}
          error={issueOf('coverId')}
          wide
          testId="article-editor-cover"
        />
        <div className={classes.editorGrid}>
          <div>
            <Text size="sm" fw={500} mb={4} id="article-status-label">
              {t('articles.editor.status')}
            </Text>
            <SegmentedControl
              aria-labelledby="article-status-label"
              value={values.status}
              onChange={(value) => set('status', value)}
              data={[
                { value: 'active', label: t('articles.editor.statusActive') },
                { value: 'draft', label: t('articles.editor.statusDraft') },
              ]}
              data-testid="article-editor-status"
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4} id="article-access-label">
              {t('articles.editor.access')}
            </Text>
            <SegmentedControl
              aria-labelledby="article-access-label"
              value={values.access}
              onChange={(value) => set('access', value)}
              data={[
                { value: 'free', label: t('articles.editor.accessFree') },
                { value: 'auth', label: t('articles.editor.accessAuth') },
              ]}
            />
          </div>
        </div>
        <Switch
          label={t('articles.editor.announce')}
          description={t('articles.editor.announceHint')}
          checked={values.isAnnounced}
          onChange={(event) => set('isAnnounced', event.currentTarget.checked)}
        />
        {article?.publishedAt ? null : (
          <Switch
            label={t('articles.editor.schedule')}
            description={t('articles.editor.scheduleHint')}
            checked={values.scheduled}
            onChange={(event) => set('scheduled', event.currentTarget.checked)}
            data-testid="article-editor-schedule"
          />
        )}
        {values.scheduled && !article?.publishedAt ? (
          <div className={classes.editorGrid}>
            <TextInput
              type="datetime-local"
              label={t('articles.editor.publishAt')}
              value={values.publishLocal}
              onChange={(event) => set('publishLocal', event.currentTarget.value)}
              error={scheduleIssue ? t('articles.editor.publishAtMissing') : null}
              required
            />
            <TimezoneSelect
              size="sm"
              value={values.timeZone}
              onChange={(zone) => zone && set('timeZone', zone)}
            />
          </div>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={articlesLinks.list(app.slug, filter)}>
            {t('articles.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending || update.isPending}
            leftSection={<IconDeviceFloppy size={18} stroke={1.8} />}
            data-testid="article-editor-save"
          >
            {t('articles.save')}
          </Button>
        </Group>
      </Paper>
    </div>
  );
}
