import { useState } from 'react';
import { Badge, Button, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEyeOff, IconFolders, IconLock, IconPlus, IconWorld } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Group, Space } from '../../../contracts/community-spaces';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { SettingsPageHeader } from '../app-settings';
import { communityKeys, groupsQuery } from '../community';
import { communitySettingsPaths } from './community-settings-paths';
import { GroupDialog } from './group-dialog';
import { DeleteDialog, ItemMenu } from './item-menu';
import { moveItem } from './reorder';
import { ServiceOffNotice } from './service-off-notice';
import { settingsApi } from './settings-api';
import { SortableList, type Handle } from './sortable-list';
import { useSettingsMoves } from './use-settings-moves';
import classes from './community-settings.module.css';

const accessIcons = { open: IconWorld, private: IconLock, secret: IconEyeOff } as const;
const accessColors = { open: 'teal', private: 'orange', secret: 'grape' } as const;

type Deleting = { kind: 'group'; item: Group } | { kind: 'space'; item: Space } | null;

function SpaceRow({ space, handle, menu }: { space: Space; handle: Handle; menu: React.ReactNode }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const Icon = accessIcons[space.access];
  const editable = space.permissions.can.includes('edit');
  return (
    <div className={classes.row} data-testid="space-row">
      {handle}
      <div className={classes.spaceThumb} aria-hidden="true">
        {space.cover?.url ? <img src={space.cover.url} alt="" /> : <Icon size={18} stroke={1.6} />}
      </div>
      <div className={classes.rowText}>
        {editable ? (
          <Link to={communitySettingsPaths(app.slug).spaceEdit(space.id)} className={classes.rowName}>
            {space.name}
          </Link>
        ) : (
          <span className={classes.rowName}>{space.name}</span>
        )}
        <Text size="xs" c="dimmed">
          {t('communitySettings.groups.spaceMeta', { count: space.membersCount, posts: space.postsCount })}
        </Text>
      </div>
      <Badge
        variant="light"
        color={accessColors[space.access]}
        radius="sm"
        leftSection={<Icon size={12} stroke={2} />}
        className={classes.accessBadge}
      >
        {t(`communitySettings.access.${space.access}`)}
      </Badge>
      {menu}
    </div>
  );
}

function GroupCard({
  group,
  handle,
  menu,
  onDeleteSpace,
}: {
  group: Group;
  handle: Handle;
  menu: React.ReactNode;
  onDeleteSpace: (space: Space) => void;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { moveSpace } = useSettingsMoves();
  const paths = communitySettingsPaths(app.slug);
  const canCreate = group.permissions.can.includes('create_space');
  const move = (from: number, direction: -1 | 1) => {
    const reorder = moveItem(group.spaces, from, from + direction);
    if (reorder) {
      moveSpace.mutate(reorder);
    }
  };

  return (
    <Paper className={classes.groupCard} data-testid="group-card">
      <div className={classes.groupHead}>
        {handle}
        <div className={classes.rowText}>
          <h2 className={classes.groupName}>{group.name}</h2>
          <Text size="xs" c="dimmed">
            {t('communitySettings.groups.groupMeta', {
              count: group.spaces.length,
              moderators: group.moderators.length,
            })}
          </Text>
        </div>
        {menu}
      </div>
      {group.spaces.length > 0 ? (
        <SortableList
          items={group.spaces}
          nameOf={(space) => space.name}
          canMove={(space) => space.permissions.can.includes('edit') && !moveSpace.isPending}
          onMove={(reorder) => moveSpace.mutate(reorder)}
          className={classes.spaceList}
          testId="space-list"
          renderItem={(space, spaceHandle, index) => (
            <SpaceRow
              space={space}
              handle={spaceHandle}
              menu={
                <ItemMenu
                  name={space.name}
                  editTo={space.permissions.can.includes('edit') ? paths.spaceEdit(space.id) : undefined}
                  onMove={
                    space.permissions.can.includes('edit') ? (direction) => move(index, direction) : undefined
                  }
                  isFirst={index === 0}
                  isLast={index === group.spaces.length - 1}
                  onDelete={space.permissions.can.includes('delete') ? () => onDeleteSpace(space) : undefined}
                  testId="space-menu"
                />
              }
            />
          )}
        />
      ) : (
        <Text size="sm" c="dimmed" className={classes.groupEmpty}>
          {t('communitySettings.groups.noSpaces')}
        </Text>
      )}
      {canCreate ? (
        <Button
          component={Link}
          to={paths.spaceCreate(group.id)}
          variant="subtle"
          size="sm"
          leftSection={<IconPlus size={16} stroke={1.8} />}
          className={classes.addSpace}
          data-testid="space-create"
        >
          {t('communitySettings.groups.addSpace')}
        </Button>
      ) : null}
    </Paper>
  );
}

/** settings/groups (ROUTE-95): the groups with their spaces, in the order members see them. */
export function GroupsSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const client = useQueryClient();
  const query = useQuery(groupsQuery(app.id));
  const { moveGroup } = useSettingsMoves();
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const groups = query.data ?? [];
  const canCreate = appCan(app, 'create_group');
  const canSort = appCan(app, 'sort_groups');
  const paths = communitySettingsPaths(app.slug);

  const remove = useMutation({
    mutationFn: (target: NonNullable<Deleting>) =>
      target.kind === 'group'
        ? settingsApi.removeGroup(target.item.id)
        : settingsApi.removeSpace(target.item.id),
    onSuccess: async (_, target) => {
      setDeleting(null);
      notifications.show({
        color: 'teal',
        message: t(`communitySettings.${target.kind}.deleted`, { name: target.item.name }),
      });
      await client.invalidateQueries({ queryKey: communityKeys.all(app.id) });
    },
  });
  const move = (from: number, direction: -1 | 1) => {
    const reorder = moveItem(groups, from, from + direction);
    if (reorder) {
      moveGroup.mutate(reorder);
    }
  };

  const createButton = canCreate ? (
    <Button
      leftSection={<IconPlus size={18} stroke={1.8} />}
      onClick={() => setEditing('new')}
      data-testid="group-create"
    >
      {t('communitySettings.groups.create')}
    </Button>
  ) : null;

  return (
    <>
      <SettingsPageHeader
        title={t('communitySettings.groups.title')}
        lead={t('communitySettings.groups.lead')}
        actions={groups.length > 0 ? createButton : null}
      />
      <ServiceOffNotice service="community" />
      {query.isPending ? (
        <Stack gap="md" data-testid="groups-loading">
          {[0, 1].map((index) => (
            <Skeleton key={index} height={180} radius="lg" />
          ))}
        </Stack>
      ) : groups.length === 0 ? (
        <Paper className={classes.empty} data-testid="groups-empty">
          <IconFolders size={36} stroke={1.4} className={classes.emptyIcon} />
          <Text fw={650} size="lg">
            {t('communitySettings.groups.emptyTitle')}
          </Text>
          <Text c="dimmed" size="sm" maw={460} ta="center">
            {t('communitySettings.groups.emptyText')}
          </Text>
          {createButton}
        </Paper>
      ) : (
        <SortableList
          items={groups}
          nameOf={(group) => group.name}
          canMove={() => canSort && !moveGroup.isPending}
          onMove={(reorder) => moveGroup.mutate(reorder)}
          className={classes.groupList}
          testId="group-list"
          renderItem={(group, handle, index) => (
            <GroupCard
              group={group}
              handle={handle}
              onDeleteSpace={(space) => setDeleting({ kind: 'space', item: space })}
              menu={
                <ItemMenu
                  name={group.name}
                  onEdit={group.permissions.can.includes('edit') ? () => setEditing(group) : undefined}
                  onMove={canSort ? (direction) => move(index, direction) : undefined}
                  isFirst={index === 0}
                  isLast={index === groups.length - 1}
                  onDelete={
                    group.permissions.can.includes('delete')
                      ? () => setDeleting({ kind: 'group', item: group })
                      : undefined
                  }
                  testId="group-menu"
                >
                  {group.permissions.can.includes('create_space') ? (
                    <Menu.Item
                      component={Link}
                      to={paths.spaceCreate(group.id)}
                      leftSection={<IconPlus size={16} stroke={1.7} />}
                    >
                      {t('communitySettings.groups.addSpace')}
                    </Menu.Item>
                  ) : null}
                </ItemMenu>
              }
            />
          )}
        />
      )}
      {editing ? (
        <GroupDialog group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteDialog
        opened={deleting !== null}
        title={t(
          deleting?.kind === 'space'
            ? 'communitySettings.space.deleteTitle'
            : 'communitySettings.group.deleteTitle',
        )}
        text={
          deleting?.kind === 'group'
            ? t('communitySettings.group.deleteText', {
                name: deleting.item.name,
                count: deleting.item.spaces.length,
              })
            : t('communitySettings.space.deleteText', { name: deleting?.item.name ?? '' })
        }
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
