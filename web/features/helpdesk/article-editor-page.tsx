import { useState } from 'react';
import { Button, Group, Paper, Select, Skeleton, Switch, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  helpdeskArticleCreateBodySchema,
  type HelpdeskArticle,
  type HelpdeskCategory,
} from '../../../contracts/helpdesk';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { NotFoundMessage } from '../../components/not-found-message';
import { RichTextEditor } from '../../components/rich-text';
import { useCurrentApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';
import { coverRatios, PictureField, type Picture } from '../community-settings';
import { categoryBySlug, helpdeskArticleQuery, helpdeskTreeQuery } from './helpdesk-api';
import { helpdeskLinks } from './helpdesk-links';
import { useArticleMutations } from './helpdesk-mutations';
import { Breadcrumbs, LoadFailed } from './helpdesk-parts';
import classes from './helpdesk.module.css';

type Values = { name: string; body: string; cover: Picture | null; isPublished: boolean; categoryId: string };

/** `helpdesk/{categorySlug}/new` and `helpdesk/{categorySlug}/{articleSlug}/edit`: editors only. */
export function HelpdeskArticleEditorPage() {
  const { categorySlug = '', articleSlug } = useParams();
  const app = useCurrentApp();
  const tree = useQuery(helpdeskTreeQuery(app.id));
  const category = categoryBySlug(tree.data?.data, categorySlug);
  const article = useQuery({
    ...helpdeskArticleQuery(app.id, category?.id ?? '', articleSlug ?? ''),
    enabled: Boolean(category && articleSlug),
  });
  if (tree.isError) {
    return <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  }
  if (article.isError) {
    return <LoadFailed error={article.error} onRetry={() => void article.refetch()} />;
  }
  if (tree.isPending || (articleSlug && article.isPending)) {
    return <Skeleton height={420} radius="lg" className={classes.page} />;
  }
  if (!category || !category.permissions.can.includes('edit')) {
    return <NotFoundMessage />;
  }
  return (
    <ArticleForm
      key={article.data?.data.id ?? 'new'}
      categories={tree.data.data}
      category={category}
      article={article.data?.data ?? null}
    />
  );
}

function ArticleForm({
  categories,
  category,
  article,
}: {
  categories: HelpdeskCategory[];
  category: HelpdeskCategory;
  article: HelpdeskArticle | null;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const issueText = useIssueText();
  const title = article ? t('helpdesk.editor.editTitle') : t('helpdesk.editor.newTitle');
  usePageTitle(title);
  const [values, setValues] = useState<Values>({
    name: article?.name ?? '',
    body: article?.body ?? '',
    cover: article?.cover ?? null,
    isPublished: article?.isPublished ?? true,
    categoryId: category.id,
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const { create, update } = useArticleMutations();
  const checks = useFormChecks(helpdeskArticleCreateBodySchema, { name: values.name, body: values.body });
  const issueOf = (field: string) => issueText(checks.issues[field] ?? checks.serverIssues[field]);
  const saving = create.isPending || update.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checks.check()) {
      return;
    }
    const body = {
      name: values.name,
      body: values.body,
      coverId: values.cover?.id ?? null,
      isPublished: values.isPublished,
    };
    const onError = checks.takeServerIssues;
    const onSuccess = ({ data }: { data: HelpdeskArticle }) => {
      notifications.show({ color: 'teal', message: t('helpdesk.editor.saved', { name: data.name }) });
      const target = categories.find((item) => item.id === data.categoryId) ?? category;
      void navigate(helpdeskLinks.article(app.slug, target.slug, data.slug));
    };
    if (article) {
      update.mutate(
        {
          id: article.id,
          ...body,
          ...(values.categoryId !== article.categoryId ? { categoryId: values.categoryId } : {}),
        },
        { onSuccess, onError },
      );
    } else {
      create.mutate({ categoryId: values.categoryId, ...body }, { onSuccess, onError });
    }
  };

  const categoryOptions = categories
    .filter((item) => item.permissions.can.includes('edit'))
    .map((item) => ({ value: item.id, label: `${'— '.repeat(item.depth - 1)}${item.name}` }));

  return (
    <div className={classes.page} data-testid="helpdesk-editor">
      <Breadcrumbs
        crumbs={[
          { label: t('helpdesk.title'), to: helpdeskLinks.home(app.slug) },
          { label: category.name, to: helpdeskLinks.category(app.slug, category.slug) },
          { label: title },
        ]}
      />
      <Title order={1} className={classes.pageTitle} mb="lg">
        {title}
      </Title>
      <Paper component="form" onSubmit={submit} className={classes.editor} noValidate>
        <TextInput
          label={t('helpdesk.editor.name')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={issueOf('name')}
          required
          maxLength={200}
          data-testid="helpdesk-editor-name"
        />
        <RichTextEditor
          label={t('helpdesk.editor.body')}
          value={values.body}
          onChange={(html) => set('body', html)}
          placeholder={t('helpdesk.editor.bodyPlaceholder')}
          error={issueOf('body')}
          minHeight={260}
          testId="helpdesk-editor-body"
        />
        <PictureField
          label={t('helpdesk.editor.cover')}
          hint={t('helpdesk.editor.coverHint')}
          value={values.cover}
          onChange={(picture) => set('cover', picture)}
          ratios={coverRatios}
          error={issueOf('coverId')}
          wide
          testId="helpdesk-editor-cover"
        />
        <Group grow align="flex-start" className={classes.editorRow}>
          <Select
            label={t('helpdesk.editor.category')}
            data={categoryOptions}
            value={values.categoryId}
            onChange={(value) => value && set('categoryId', value)}
            allowDeselect={false}
            error={issueOf('categoryId')}
          />
          <Switch
            label={t('helpdesk.editor.published')}
            description={t('helpdesk.editor.publishedHint')}
            checked={values.isPublished}
            onChange={(event) => set('isPublished', event.currentTarget.checked)}
            mt={28}
            data-testid="helpdesk-editor-published"
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            component={Link}
            to={
              article
                ? helpdeskLinks.article(app.slug, category.slug, article.slug)
                : helpdeskLinks.category(app.slug, category.slug)
            }
          >
            {t('helpdesk.cancel')}
          </Button>
          <Button
            type="submit"
            loading={saving}
            leftSection={<IconDeviceFloppy size={18} stroke={1.8} />}
            data-testid="helpdesk-editor-save"
          >
            {t('helpdesk.save')}
          </Button>
        </Group>
      </Paper>
    </div>
  );
}
