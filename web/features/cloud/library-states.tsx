import { Button, Group, Paper, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBolt,
  IconFolderSymlink,
  IconInbox,
  IconMessageCircle,
  IconPlus,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cloudLimits } from '../../../contracts/cloud';
import type { LibraryView } from './library-layout';
import classes from './cloud-library.module.css';

export type EmptyKind = 'default' | 'messages' | 'removed' | 'fast_access' | 'other';

/** Empty folders say what belongs there (RULE-211): a folder, the chat files, Removed with its period. */
export function LibraryEmpty({ kind, onUpload }: { kind: EmptyKind; onUpload: (() => void) | null }) {
  const { t } = useTranslation();
  const icon =
    kind === 'messages' ? (
      <IconMessageCircle size={30} stroke={1.5} />
    ) : kind === 'removed' ? (
      <IconTrash size={30} stroke={1.5} />
    ) : kind === 'fast_access' ? (
      <IconBolt size={30} stroke={1.5} />
    ) : (
      <IconInbox size={30} stroke={1.5} />
    );
  return (
    <div className={classes.empty} data-testid={`cloud-empty-${kind}`}>
      <ThemeIcon size={64} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {t(`cloud.empty.${kind}.title`)}
      </Text>
      <Text c="dimmed" size="sm" ta="center" maw={420}>
        {t(`cloud.empty.${kind}.text`, { days: cloudLimits.removedRetentionDays })}
      </Text>
      {kind === 'default' && onUpload ? (
        <Button mt="xs" leftSection={<IconUpload size={18} />} onClick={onUpload}>
          {t('cloud.new.upload')}
        </Button>
      ) : null}
    </div>
  );
}

/** While the first page loads: tiles or rows of the right size, so nothing jumps when it arrives. */
export function LibrarySkeleton({ view }: { view: LibraryView }) {
  return (
    <div className={classes.skeletons}>
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton
          key={index}
          height={view === 'grid' ? 148 : 52}
          width={view === 'grid' ? 150 : '100%'}
          radius="md"
        />
      ))}
    </div>
  );
}

/** The add-new tile (spec §2): first in the grid of My files and its folders, never in the popup. */
export function AddNewTile({ width, onClick }: { width: number; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      className={classes.addTile}
      style={{ width }}
      onClick={onClick}
      data-testid="cloud-add-tile"
      // The name starts with the tile's visible text (WCAG 2.5.3).
      aria-label={`${t('cloud.new.tile')} – ${t('cloud.new.upload')}`}
    >
      <IconPlus size={28} stroke={1.6} />
      <Text size="sm" fw={500}>
        {t('cloud.new.tile')}
      </Text>
    </UnstyledButton>
  );
}

type BulkBarProps = {
  count: number;
  inRemoved: boolean;
  canMove: boolean;
  canDelete: boolean;
  onMove: () => void;
  onDelete: () => void;
  onRestore: () => void;
  onClear: () => void;
};

/** Shown when more than one item is selected (RULE-193). */
export function BulkBar(props: BulkBarProps) {
  const { t } = useTranslation();
  return (
    <Paper className={classes.bulkBar} shadow="md" radius="xl" withBorder data-testid="cloud-bulk-bar">
      <Text size="sm" fw={600} px="xs">
        {t('cloud.bulk.selected', { count: props.count })}
      </Text>
      <Group gap={6} wrap="nowrap">
        {props.inRemoved ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={props.onRestore}
            data-testid="bulk-restore"
          >
            {t('cloud.actions.restore')}
          </Button>
        ) : null}
        {props.canMove && !props.inRemoved ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFolderSymlink size={16} />}
            onClick={props.onMove}
            data-testid="bulk-move"
          >
            {t('cloud.actions.move')}
          </Button>
        ) : null}
        {props.canDelete ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={props.onDelete}
            data-testid="bulk-delete"
          >
            {t(props.inRemoved ? 'cloud.actions.deleteForever' : 'cloud.actions.delete')}
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconX size={16} />}
          onClick={props.onClear}
          data-testid="bulk-clear"
        >
          {t('cloud.bulk.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
