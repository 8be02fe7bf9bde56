import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Skeleton,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconCategory,
  IconEdit,
  IconPlugConnectedX,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  articleCategoryCreateBodySchema,
  articleLimits,
  type ArticleCategory,
} from '../../../contracts/articles';
import { ConfirmActions } from '../../components/confirm-actions';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { useCurrentApp } from '../../kernel/current-app';
import { SettingsPageHeader, settingsPaths } from '../app-settings';
import { articleCategoriesQuery } from './articles-api';
import { useArticleCategoryMutations } from './articles-mutations';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from './article-parts';
import classes from './articles.module.css';

type Dialog = { kind: 'new' } | { kind: 'edit'; category: ArticleCategory } | null;

type RowActionProps = {
  label: string;
  icon: React.ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
};

/** One icon button of a category's row, named for screen readers and in its tooltip. */
function RowAction({ label, icon, onClick, disabled, danger }: RowActionProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={danger ? 'red' : 'gray'}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** Create or rename a category: its name, and its address (made from the name when left empty). */
function CategoryDialog({ dialog, onClose }: { dialog: NonNullable<Dialog>; onClose: () => void }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const current = dialog.kind === 'edit' ? dialog.category : null;
  const [name, setName] = useState(current?.name ?? '');
  const [slug, setSlug] = useState(current?.slug ?? '');
  const { create, update } = useArticleCategoryMutations();
  const checks = useFormChecks(articleCategoryCreateBodySchema, { name, ...(slug ? { slug } : {}) });
  const issueOf = (field: string) => issueText(checks.issues[field] ?? checks.serverIssues[field]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checks.check()) {
      return;
    }
    const body = { name, ...(slug && slug !== current?.slug ? { slug } : {}) };
    const onSuccess = () => {
      notifications.show({ color: 'teal', message: t('articles.settings.saved', { name }) });
      onClose();
    };
    if (current) {
      update.mutate({ id: current.id, ...body }, { onSuccess, onError: checks.takeServerIssues });
    } else {
      create.mutate(body, { onSuccess, onError: checks.takeServerIssues });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(current ? 'articles.settings.editTitle' : 'articles.settings.newTitle')}
      radius="lg"
    >
      <form onSubmit={submit} noValidate data-testid="article-category-form">
        <TextInput
          label={t('articles.settings.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={issueOf('name')}
          maxLength={articleLimits.categoryName}
          required
          data-autofocus
          data-testid="article-category-name"
        />
        <TextInput
          mt="sm"
          label={t('articles.settings.slug')}
          description={t('articles.settings.slugHint')}
          value={slug}
          onChange={(event) => setSlug(event.currentTarget.value)}
          error={issueOf('slug')}
          maxLength={articleLimits.slug}
        />
        <ConfirmActions
          onCancel={onClose}
          confirmLabel={t('articles.save')}
          confirmIcon={<IconPlus size={18} stroke={1.8} />}
          tone="primary"
          loading={create.isPending || update.isPending}
          testId="article-category-save"
        />
      </form>
    </Modal>
  );
}

/** settings/articles (ROUTE-101): the categories — create, rename, reorder, delete (only when empty). */
export function ArticlesSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const list = useQuery(articleCategoriesQuery(app.id));
  const { move, remove } = useArticleCategoryMutations();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<ArticleCategory | null>(null);
  const categories = list.data?.data ?? [];

  const shift = (index: number, direction: -1 | 1) => {
    const target = index + direction;
    const others = categories.filter((_, position) => position !== index);
    move.mutate({
      id: categories[index]!.id,
      prevId: target === 0 ? null : (others[target - 1]?.id ?? null),
    });
  };
  const confirmDelete = (category: ArticleCategory) =>
    remove.mutate(category.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({
          color: 'teal',
          message: t('articles.settings.deleted', { name: category.name }),
        });
      },
      onError: () => setDeleting(null),
    });
  const newCategory = (
    <Button
      leftSection={<IconPlus size={18} stroke={1.8} />}
      onClick={() => setDialog({ kind: 'new' })}
      data-testid="article-category-create"
    >
      {t('articles.settings.new')}
    </Button>
  );

  return (
    <>
      <SettingsPageHeader
        title={t('articles.settings.title')}
        lead={t('articles.settings.lead')}
        actions={categories.length > 0 ? newCategory : null}
      />
      {!app.services.articles ? (
        <Alert
          color="orange"
          variant="light"
          radius="lg"
          icon={<IconPlugConnectedX size={20} stroke={1.7} />}
          title={t('articles.settings.off')}
          mb="lg"
        >
          {t('articles.settings.offText')}{' '}
          <Anchor component={Link} to={settingsPaths(app.slug).services} fw={600}>
            {t('articles.settings.offLink')}
          </Anchor>
        </Alert>
      ) : null}
      {list.isPending ? (
        <Skeleton height={200} radius="lg" />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : categories.length === 0 ? (
        <EmptyState
          icon={<IconCategory size={28} stroke={1.6} />}
          title={t('articles.settings.emptyTitle')}
          text={t('articles.settings.emptyText')}
          action={newCategory}
        />
      ) : (
        <ul className={classes.rows} data-testid="article-categories">
          {categories.map((category, index) => {
            const label = (key: string) => t(key, { name: category.name });
            return (
              <li key={category.id} className={classes.row} data-testid="article-category-row">
                <div className={classes.rowText}>
                  <Text fw={650}>{category.name}</Text>
                  <Text size="xs" c="dimmed">
                    /{category.slug} · {t('articles.settings.count', { count: category.articlesCount })}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <RowAction
                    label={label('articles.settings.up')}
                    icon={<IconArrowUp size={18} stroke={1.8} />}
                    disabled={index === 0 || move.isPending}
                    onClick={() => shift(index, -1)}
                  />
                  <RowAction
                    label={label('articles.settings.down')}
                    icon={<IconArrowDown size={18} stroke={1.8} />}
                    disabled={index === categories.length - 1 || move.isPending}
                    onClick={() => shift(index, 1)}
                  />
                  <RowAction
                    label={label('articles.settings.edit')}
                    icon={<IconEdit size={18} stroke={1.8} />}
                    onClick={() => setDialog({ kind: 'edit', category })}
                  />
                  <RowAction
                    label={label('articles.settings.delete')}
                    icon={<IconTrash size={18} stroke={1.8} />}
                    danger
                    onClick={() => setDeleting(category)}
                  />
                </Group>
              </li>
            );
          })}
        </ul>
      )}
      {dialog ? <CategoryDialog dialog={dialog} onClose={() => setDialog(null)} /> : null}
      {deleting ? (
        <Modal
          opened
          onClose={() => setDeleting(null)}
          title={t('articles.settings.deleteTitle', { name: deleting.name })}
          radius="lg"
        >
          <Text>{t('articles.settings.deleteText')}</Text>
          <ConfirmActions
            onCancel={() => setDeleting(null)}
            onConfirm={() => confirmDelete(deleting)}
            confirmLabel={t('articles.settings.delete', { name: deleting.name })}
            confirmIcon={<IconTrash size={18} stroke={1.8} />}
            loading={remove.isPending}
          />
        </Modal>
      ) : null}
    </>
  );
}
