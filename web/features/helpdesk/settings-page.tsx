import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Skeleton, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconBook2,
  IconEdit,
  IconExternalLink,
  IconPlugConnectedX,
  IconPlus,
  IconSubtask,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { helpdeskLimits, type HelpdeskCategory } from '../../../contracts/helpdesk';
import { useCurrentApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';
import { SettingsPageHeader, settingsPaths } from '../app-settings';
import { CategoryDialog } from './category-dialog';
import { ConfirmDelete } from './confirm-delete';
import { helpdeskTreeQuery } from './helpdesk-api';
import { helpdeskLinks } from './helpdesk-links';
import { useCategoryMutations } from './helpdesk-mutations';
import { Empty, LoadFailed } from './helpdesk-parts';
import { childrenOf, deletionOf } from './helpdesk-tree';
import classes from './helpdesk.module.css';

type Dialog = { kind: 'edit'; category: HelpdeskCategory } | { kind: 'new'; parentId: string | null } | null;

type RowActionProps = {
  label: string;
  icon: typeof IconEdit;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
  danger?: boolean;
  testId?: string;
};

/** One icon button of a tree row, named for screen readers and in its tooltip. */
function RowAction({ label, icon: Icon, onClick, to, disabled, danger, testId }: RowActionProps) {
  const look = {
    variant: 'subtle',
    color: danger ? 'red' : 'gray',
    'aria-label': label,
    'data-testid': testId,
  };
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon {...look} component={Link} to={to}>
          <Icon size={18} stroke={1.8} />
        </ActionIcon>
      ) : (
        <ActionIcon {...look} onClick={onClick} disabled={disabled}>
          <Icon size={18} stroke={1.8} />
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** settings/helpdesk (ROUTE-99): the category tree — create, rename, reorder, move under another, delete. */
export function HelpdeskSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  usePageTitle(t('helpdesk.settings.title'));
  const tree = useQuery(helpdeskTreeQuery(app.id));
  const { move, remove } = useCategoryMutations();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<HelpdeskCategory | null>(null);
  const categories = tree.data?.data ?? [];

  const shift = (category: HelpdeskCategory, direction: -1 | 1) => {
    const siblings = childrenOf(categories, category.parentId);
    const index = siblings.findIndex((item) => item.id === category.id);
    const others = siblings.filter((item) => item.id !== category.id);
    const target = index + direction;
    if (target < 0 || target >= siblings.length) {
      return;
    }
    move.mutate({ id: category.id, prevId: target === 0 ? null : (others[target - 1]?.id ?? null) });
  };
  const confirmDelete = (category: HelpdeskCategory) =>
    remove.mutate(category.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({
          color: 'teal',
          message: t('helpdesk.settings.deleted', { name: category.name }),
        });
      },
    });

  const deleteText = (category: HelpdeskCategory) => {
    const { subcategories, articles } = deletionOf(categories, category.id);
    return t(subcategories > 0 ? 'helpdesk.settings.deleteText' : 'helpdesk.settings.deleteTextLeaf', {
      name: category.name,
      subcategories: t('helpdesk.settings.subcategoriesCount', { count: subcategories }),
      articles: t('helpdesk.articlesCount', { count: articles, formatted: String(articles) }),
    });
  };

  const newCategory = (
    <Button
      leftSection={<IconPlus size={18} stroke={1.8} />}
      onClick={() => setDialog({ kind: 'new', parentId: null })}
      data-testid="helpdesk-category-create"
    >
      {t('helpdesk.settings.new')}
    </Button>
  );

  return (
    <>
      <SettingsPageHeader
        title={t('helpdesk.settings.title')}
        lead={t('helpdesk.settings.lead')}
        actions={categories.length > 0 ? newCategory : null}
      />
      {!app.services.helpdesk ? (
        <Alert
          color="orange"
          variant="light"
          radius="lg"
          icon={<IconPlugConnectedX size={20} stroke={1.7} />}
          title={t('helpdesk.settings.off')}
          mb="lg"
          data-testid="service-off"
        >
          {t('helpdesk.settings.offText')}{' '}
          <Anchor component={Link} to={settingsPaths(app.slug).services} fw={600}>
            {t('helpdesk.settings.offLink')}
          </Anchor>
        </Alert>
      ) : null}
      {tree.isPending ? (
        <Skeleton height={200} radius="lg" />
      ) : tree.isError ? (
        <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />
      ) : categories.length === 0 ? (
        <Empty
          icon={<IconBook2 size={28} stroke={1.6} />}
          title={t('helpdesk.settings.emptyTitle')}
          text={t('helpdesk.settings.emptyText')}
          action={newCategory}
          testId="helpdesk-settings-empty"
        />
      ) : (
        <ul className={classes.tree} data-testid="helpdesk-tree">
          {categories.map((category) => {
            const siblings = childrenOf(categories, category.parentId);
            const index = siblings.findIndex((item) => item.id === category.id);
            const label = (key: string) => t(key, { name: category.name });
            return (
              <li
                key={category.id}
                className={classes.treeRow}
                style={{ paddingInlineStart: `${(category.depth - 1) * 28 + 12}px` }}
                data-testid="helpdesk-tree-row"
              >
                <div className={classes.treeText}>
                  <Anchor
                    component={Link}
                    to={helpdeskLinks.category(app.slug, category.slug)}
                    fw={650}
                    c="inherit"
                  >
                    {category.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    /{category.slug} ·{' '}
                    {t('helpdesk.articlesCount', {
                      count: category.allArticlesCount ?? category.articlesCount,
                      formatted: String(category.allArticlesCount ?? category.articlesCount),
                    })}
                  </Text>
                </div>
                <div className={classes.treeActions}>
                  <RowAction
                    label={label('helpdesk.settings.up')}
                    icon={IconArrowUp}
                    disabled={index <= 0 || move.isPending}
                    onClick={() => shift(category, -1)}
                  />
                  <RowAction
                    label={label('helpdesk.settings.down')}
                    icon={IconArrowDown}
                    disabled={index === siblings.length - 1 || move.isPending}
                    onClick={() => shift(category, 1)}
                  />
                  {category.depth < helpdeskLimits.depth ? (
                    <RowAction
                      label={label('helpdesk.settings.addSub')}
                      icon={IconSubtask}
                      onClick={() => setDialog({ kind: 'new', parentId: category.id })}
                    />
                  ) : null}
                  <RowAction
                    label={label('helpdesk.settings.edit')}
                    icon={IconEdit}
                    onClick={() => setDialog({ kind: 'edit', category })}
                    testId="helpdesk-category-edit"
                  />
                  <RowAction
                    label={label('helpdesk.settings.open')}
                    icon={IconExternalLink}
                    to={helpdeskLinks.category(app.slug, category.slug)}
                  />
                  <RowAction
                    label={label('helpdesk.settings.delete')}
                    icon={IconTrash}
                    danger
                    onClick={() => setDeleting(category)}
                    testId="helpdesk-category-delete"
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {dialog ? (
        <CategoryDialog categories={categories} target={dialog} onClose={() => setDialog(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          title={t('helpdesk.settings.deleteTitle', { name: deleting.name })}
          text={deleteText(deleting)}
          onCancel={() => setDeleting(null)}
          onConfirm={() => confirmDelete(deleting)}
          loading={remove.isPending}
        />
      ) : null}
    </>
  );
}
