import { useState } from 'react';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconExternalLink, IconLink, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Category, CommunityLink } from '../../../contracts/community-spaces';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { SettingsPageHeader } from '../app-settings';
import { categoriesQuery, communityKeys } from '../community';
import { CategoryDialog } from './category-dialog';
import { DeleteDialog, ItemMenu } from './item-menu';
import { LinkDialog } from './link-dialog';
import { communityLinkIcons } from './link-icons';
import { moveItem } from './reorder';
import { ServiceOffNotice } from './service-off-notice';
import { linksQuery, settingsApi } from './settings-api';
import { SortableList } from './sortable-list';
import { useSettingsMoves } from './use-settings-moves';
import classes from './community-settings.module.css';

type Deleting = { kind: 'category'; item: Category } | { kind: 'link'; item: CommunityLink } | null;

function EmptyList({
  icon,
  title,
  text,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  action: React.ReactNode;
}) {
  return (
    <Paper className={classes.emptySmall}>
      {icon}
      <Text fw={650}>{title}</Text>
      <Text c="dimmed" size="sm" maw={420} ta="center">
        {text}
      </Text>
      {action}
    </Paper>
  );
}

/** settings/communities (ROUTE-102): the communities categories in order, and the community's links. */
export function CommunitiesSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const client = useQueryClient();
  const categories = useQuery(categoriesQuery(app.id));
  const links = useQuery({
    ...linksQuery(app.id),
    enabled: appCan(app, 'view_links') || appCan(app, 'create_link'),
  });
  const { moveCategory, moveLink } = useSettingsMoves();
  const [editingCategory, setEditingCategory] = useState<Category | 'new' | null>(null);
  const [editingLink, setEditingLink] = useState<CommunityLink | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const categoryList = categories.data ?? [];
  const linkList = links.data ?? [];
  const canCreateCategory = appCan(app, 'create_communities_category');
  const canCreateLink = appCan(app, 'create_link');

  const remove = useMutation({
    mutationFn: (target: NonNullable<Deleting>) =>
      target.kind === 'category'
        ? settingsApi.removeCategory(target.item.id)
        : settingsApi.removeLink(target.item.id),
    onSuccess: async (_, target) => {
      setDeleting(null);
      notifications.show({
        color: 'teal',
        message: t(`communitySettings.${target.kind}.deleted`, { name: target.item.name }),
      });
      await client.invalidateQueries({ queryKey: communityKeys.all(app.id) });
    },
  });
  const moveCategoryBy = (from: number, direction: -1 | 1) => {
    const reorder = moveItem(categoryList, from, from + direction);
    if (reorder) {
      moveCategory.mutate(reorder);
    }
  };
  const moveLinkBy = (from: number, direction: -1 | 1) => {
    const reorder = moveItem(linkList, from, from + direction);
    if (reorder) {
      moveLink.mutate(reorder);
    }
  };

  const newCategory = canCreateCategory ? (
    <Button
      leftSection={<IconPlus size={18} stroke={1.8} />}
      onClick={() => setEditingCategory('new')}
      data-testid="category-create"
    >
      {t('communitySettings.categories.create')}
    </Button>
  ) : null;
  const newLink = canCreateLink ? (
    <Button
      variant="light"
      leftSection={<IconPlus size={18} stroke={1.8} />}
      onClick={() => setEditingLink('new')}
      data-testid="link-create"
    >
      {t('communitySettings.links.create')}
    </Button>
  ) : null;

  return (
    <>
      <SettingsPageHeader
        title={t('communitySettings.categories.title')}
        lead={t('communitySettings.categories.lead')}
        actions={categoryList.length > 0 ? newCategory : null}
      />
      <ServiceOffNotice service="communities" />
      {categories.isPending ? (
        <Stack gap={8} data-testid="categories-loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={64} radius="lg" />
          ))}
        </Stack>
      ) : categoryList.length === 0 ? (
        <EmptyList
          icon={<IconCategory size={34} stroke={1.4} className={classes.emptyIcon} />}
          title={t('communitySettings.categories.emptyTitle')}
          text={t('communitySettings.categories.emptyText')}
          action={newCategory}
        />
      ) : (
        <SortableList
          items={categoryList}
          nameOf={(category) => category.name}
          canMove={(category) => category.permissions.can.includes('move') && !moveCategory.isPending}
          onMove={(reorder) => moveCategory.mutate(reorder)}
          testId="category-list"
          renderItem={(category, handle, index) => (
            <div className={classes.row} data-testid="category-row">
              {handle}
              <div className={classes.rowText}>
                <span className={classes.rowName}>{category.name}</span>
                <Text size="xs" c="dimmed">
                  /{category.slug} · {t('communitySettings.categories.posts', { count: category.postsCount })}
                </Text>
              </div>
              <ItemMenu
                name={category.name}
                onEdit={
                  category.permissions.can.includes('edit') ? () => setEditingCategory(category) : undefined
                }
                onMove={
                  category.permissions.can.includes('move')
                    ? (direction) => moveCategoryBy(index, direction)
                    : undefined
                }
                isFirst={index === 0}
                isLast={index === categoryList.length - 1}
                onDelete={
                  category.permissions.can.includes('delete')
                    ? () => setDeleting({ kind: 'category', item: category })
                    : undefined
                }
                testId="category-menu"
              />
            </div>
          )}
        />
      )}

      <section
        className={classes.linksSection}
        aria-labelledby="community-links-title"
        data-testid="links-section"
      >
        <div className={classes.sectionHead}>
          <div>
            <Title order={2} className={classes.sectionTitle} id="community-links-title">
              {t('communitySettings.links.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('communitySettings.links.lead')}
            </Text>
          </div>
          {linkList.length > 0 ? newLink : null}
        </div>
        {links.isPending && links.fetchStatus !== 'idle' ? (
          <Skeleton height={64} radius="lg" />
        ) : linkList.length === 0 ? (
          <EmptyList
            icon={<IconLink size={30} stroke={1.4} className={classes.emptyIcon} />}
            title={t('communitySettings.links.emptyTitle')}
            text={t('communitySettings.links.emptyText')}
            action={newLink}
          />
        ) : (
          <SortableList
            items={linkList}
            nameOf={(link) => link.name}
            canMove={(link) => link.permissions.can.includes('edit') && !moveLink.isPending}
            onMove={(reorder) => moveLink.mutate(reorder)}
            testId="link-list"
            renderItem={(link, handle, index) => {
              const Icon = communityLinkIcons[link.icon] ?? IconLink;
              return (
                <div className={classes.row} data-testid="link-row">
                  {handle}
                  <span className={classes.linkIcon} aria-hidden="true">
                    <Icon size={18} stroke={1.6} />
                  </span>
                  <div className={classes.rowText}>
                    <span className={classes.rowName}>{link.name}</span>
                    <Text size="xs" c="dimmed" truncate>
                      {link.href}
                    </Text>
                  </div>
                  {link.isNewTab ? (
                    <IconExternalLink
                      size={16}
                      stroke={1.6}
                      aria-label={t('communitySettings.link.opensNewTab')}
                    />
                  ) : null}
                  <ItemMenu
                    name={link.name}
                    onEdit={link.permissions.can.includes('edit') ? () => setEditingLink(link) : undefined}
                    onMove={
                      link.permissions.can.includes('edit')
                        ? (direction) => moveLinkBy(index, direction)
                        : undefined
                    }
                    isFirst={index === 0}
                    isLast={index === linkList.length - 1}
                    onDelete={
                      link.permissions.can.includes('delete')
                        ? () => setDeleting({ kind: 'link', item: link })
                        : undefined
                    }
                    testId="link-menu"
                  />
                </div>
              );
            }}
          />
        )}
      </section>

      {editingCategory ? (
        <CategoryDialog
          category={editingCategory === 'new' ? null : editingCategory}
          onClose={() => setEditingCategory(null)}
        />
      ) : null}
      {editingLink ? (
        <LinkDialog link={editingLink === 'new' ? null : editingLink} onClose={() => setEditingLink(null)} />
      ) : null}
      <DeleteDialog
        opened={deleting !== null}
        title={t(
          deleting?.kind === 'link'
            ? 'communitySettings.link.deleteTitle'
            : 'communitySettings.category.deleteTitle',
        )}
        text={t(
          deleting?.kind === 'link'
            ? 'communitySettings.link.deleteText'
            : 'communitySettings.category.deleteText',
          {
            name: deleting?.item.name ?? '',
          },
        )}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
