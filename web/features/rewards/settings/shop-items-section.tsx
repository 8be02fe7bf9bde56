import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Pagination, Skeleton, Text } from '@mantine/core';
import { IconGift, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomStuff } from '../../../../contracts/gamification-shop';
import { LoadFailedState } from '../../../components/empty-state';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { shopQuery, useRewardsAdmin } from '../rewards-api';
import { ConfirmDialog } from './confirm-dialog';
import { ItemDialog } from './item-dialog';
import classes from './settings.module.css';

/** The shop's rewards: create, edit and delete, with what is sold and left. */
export function ShopItemsSection() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const items = useQuery(shopQuery(app.id, page));
  const { removeItem } = useRewardsAdmin();
  const [editing, setEditing] = useState<CustomStuff | 'new' | null>(null);
  const [removing, setRemoving] = useState<CustomStuff | null>(null);
  if (items.isError) {
    return (
      <LoadFailedState
        error={items.error}
        title={t('rewards.settings.loadError')}
        onRetry={() => void items.refetch()}
      />
    );
  }
  return (
    <div className={classes.section}>
      <div className={classes.sectionHead}>
        <Text c="dimmed" size="sm" maw={560}>
          {t('rewards.settings.shop.lead')}
        </Text>
        <Button
          leftSection={<IconPlus size={17} stroke={1.8} />}
          onClick={() => setEditing('new')}
          data-testid="item-add"
        >
          {t('rewards.settings.shop.add')}
        </Button>
      </div>
      <div className={classes.panel}>
        {items.data === undefined ? (
          <Skeleton height={160} />
        ) : items.data.data.length === 0 ? (
          <p className={classes.empty}>{t('rewards.settings.shop.empty')}</p>
        ) : (
          <ul className={classes.list} data-testid="items-list">
            {items.data.data.map((item) => (
              <li key={item.id} className={classes.itemRow} data-testid="item-row">
                <span className={classes.thumb} aria-hidden="true">
                  {item.imageUrl ? <img src={item.imageUrl} alt="" /> : <IconGift size={20} stroke={1.5} />}
                </span>
                <div>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {item.name}
                    </Text>
                    {item.isActive ? null : (
                      <Badge size="xs" color="gray" variant="light">
                        {t('rewards.settings.shop.hidden')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[
                      t('rewards.points', {
                        count: item.rewardPoints,
                        formatted: format.number(item.rewardPoints),
                      }),
                      item.left === null
                        ? t('rewards.shop.unlimited')
                        : t('rewards.shop.left', { count: item.left }),
                      t('rewards.settings.shop.sold', { count: item.sold }),
                      item.perMemberLimit === null
                        ? null
                        : t('rewards.settings.shop.perMember', { count: item.perMemberLimit }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <div className={classes.actions}>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setEditing(item)}
                    aria-label={t('rewards.settings.shop.editOne', { name: item.name })}
                    data-testid="item-edit"
                  >
                    <IconPencil size={17} stroke={1.8} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(item)}
                    aria-label={t('rewards.settings.shop.remove', { name: item.name })}
                    data-testid="item-remove"
                  >
                    <IconTrash size={17} stroke={1.8} />
                  </ActionIcon>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {items.data && items.data.meta.pages > 1 ? (
        <Group justify="center">
          <Pagination total={items.data.meta.pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      {editing ? (
        <ItemDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('rewards.settings.shop.removeTitle')}
          text={t('rewards.settings.shop.removeText', { name: removing.name })}
          confirmLabel={t('rewards.settings.delete')}
          loading={removeItem.isPending}
          onConfirm={() => removeItem.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
