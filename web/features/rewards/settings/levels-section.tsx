import { useState } from 'react';
import { ActionIcon, Badge, Button, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Status } from '../../../../contracts/gamification-levels';
import { LoadFailedState } from '../../../components/empty-state';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { LevelIcon } from '../level-icons';
import { statusesQuery, useRewardsAdmin } from '../rewards-api';
import { ConfirmDialog } from './confirm-dialog';
import { LevelDialog } from './level-dialog';
import { moveItem, SortableList, type Reorder } from '../../community-settings';
import { nextThreshold, thresholdsInOrder } from './level-moves';
import classes from './settings.module.css';

/** The levels (statuses): the ladder by points, each with its icon; add, edit, reorder (drag or buttons), remove. */
export function LevelsSection() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const levels = useQuery(statusesQuery(app.id));
  const { updateStatuses, removeStatus } = useRewardsAdmin();
  const [editing, setEditing] = useState<Status | 'new' | null>(null);
  const [removing, setRemoving] = useState<Status | null>(null);
  if (levels.isError) {
    return (
      <LoadFailedState
        error={levels.error}
        title={t('rewards.settings.loadError')}
        onRetry={() => void levels.refetch()}
      />
    );
  }
  const list = levels.data ?? [];
  const reorder = (moved: Reorder<Status> | null) => {
    const changed = moved ? thresholdsInOrder(moved.items) : [];
    if (changed.length > 0) {
      updateStatuses.mutate(changed);
    }
  };
  return (
    <div className={classes.section}>
      <div className={classes.sectionHead}>
        <Text c="dimmed" size="sm" maw={560}>
          {t('rewards.settings.levels.lead')}
        </Text>
        <Button
          leftSection={<IconPlus size={17} stroke={1.8} />}
          onClick={() => setEditing('new')}
          data-testid="level-add"
        >
          {t('rewards.settings.levels.add')}
        </Button>
      </div>
      <div className={classes.panel}>
        {levels.data === undefined ? (
          <Skeleton height={200} />
        ) : list.length === 0 ? (
          <p className={classes.empty}>{t('rewards.settings.levels.empty')}</p>
        ) : (
          <SortableList
            items={list}
            nameOf={(level) => level.name}
            canMove={() => !updateStatuses.isPending}
            onMove={reorder}
            className={classes.list}
            testId="levels-list"
            renderItem={(level, handle, index) => (
              <div className={classes.levelRow} data-testid="level-row">
                {handle}
                <span className={classes.levelNumber} aria-hidden="true">
                  <LevelIcon icon={level.icon} imageUrl={level.iconImageUrl} size={17} />
                </span>
                <div>
                  <Text size="xs" c="dimmed">
                    {level.level === null ? '–' : t('rewards.settings.levels.number', { level: level.level })}
                  </Text>
                  <Text fw={600} size="sm">
                    {level.name}
                  </Text>
                  {level.isActive ? null : (
                    <Badge size="xs" color="gray" variant="light">
                      {t('rewards.settings.levels.inactive')}
                    </Badge>
                  )}
                </div>
                <Text size="sm" fw={600}>
                  {t('rewards.points', { count: level.points, formatted: format.number(level.points) })}
                </Text>
                <div className={`${classes.actions} ${classes.levelMoves}`}>
                  <Tooltip label={t('rewards.settings.levels.up', { name: level.name })}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={index === 0 || updateStatuses.isPending}
                      onClick={() => reorder(moveItem(list, index, index - 1))}
                      aria-label={t('rewards.settings.levels.up', { name: level.name })}
                    >
                      <IconArrowUp size={17} stroke={1.8} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('rewards.settings.levels.down', { name: level.name })}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={index === list.length - 1 || updateStatuses.isPending}
                      onClick={() => reorder(moveItem(list, index, index + 1))}
                      aria-label={t('rewards.settings.levels.down', { name: level.name })}
                    >
                      <IconArrowDown size={17} stroke={1.8} />
                    </ActionIcon>
                  </Tooltip>
                </div>
                <div className={classes.actions}>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setEditing(level)}
                    aria-label={t('rewards.settings.levels.editOne', { name: level.name })}
                    data-testid="level-edit"
                  >
                    <IconPencil size={17} stroke={1.8} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(level)}
                    aria-label={t('rewards.settings.levels.remove', { name: level.name })}
                    data-testid="level-remove"
                  >
                    <IconTrash size={17} stroke={1.8} />
                  </ActionIcon>
                </div>
              </div>
            )}
          />
        )}
      </div>
      {editing ? (
        <LevelDialog
          status={editing === 'new' ? null : editing}
          suggestedPoints={nextThreshold(list)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('rewards.settings.levels.removeTitle')}
          text={t('rewards.settings.levels.removeText', { name: removing.name })}
          confirmLabel={t('rewards.settings.delete')}
          loading={removeStatus.isPending}
          onConfirm={() => removeStatus.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
