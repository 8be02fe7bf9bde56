import type { ComponentType } from 'react';
import { Progress, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  IconBolt,
  IconClock,
  IconFileText,
  IconFolder,
  IconMessageCircle,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useDroppable } from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CloudPseudoFolder } from '../../../contracts/cloud-enums';
import type { PickerFolderFilter } from '../../../contracts/cloud-filters';
import { formatBytes } from '../../../contracts/upload-size';
import { currentLanguage } from '../../i18n/i18n';
import { cloudStorageQuery } from './cloud-api';
import { useCloudScope, type CloudLocation } from './cloud-scope';
import classes from './cloud-library.module.css';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

const folderIcons: Record<CloudPseudoFolder, Icon> = {
  my: IconFolder,
  latest: IconClock,
  fast_access: IconBolt,
  favorite: IconStar,
  photo: IconPhoto,
  video: IconMovie,
  document: IconFileText,
  audio: IconMusic,
  messages: IconMessageCircle,
  removed: IconTrash,
};

const allFolders: CloudPseudoFolder[] = [
  'my',
  'latest',
  'fast_access',
  'favorite',
  'photo',
  'video',
  'document',
  'audio',
  'messages',
  'removed',
];

/** The pickType restricts quick access to My files plus that type (RULE-215). */
export function quickAccessFolders(pickType: PickerFolderFilter | null): CloudPseudoFolder[] {
  return pickType ? ['my', pickType] : allFolders;
}

type QuickAccessProps = {
  location: CloudLocation;
  /** The folder the location lies in is under My files (a real folder): My files stays marked. */
  inMyFiles: boolean;
  pickType: PickerFolderFilter | null;
  rootId: string | null;
  layout: 'sidebar' | 'strip';
  onSelect: (folder: CloudPseudoFolder) => void;
};

function QuickAccessEntry({
  folder,
  active,
  rootId,
  layout,
  onSelect,
}: {
  folder: CloudPseudoFolder;
  active: boolean;
  rootId: string | null;
  layout: QuickAccessProps['layout'];
  onSelect: (folder: CloudPseudoFolder) => void;
}) {
  const { t } = useTranslation();
  const Icon = folderIcons[folder];
  // Items dragged onto "My files" move to its top level.
  const drop = useDroppable({
    id: `quick:${folder}`,
    disabled: folder !== 'my' || rootId === null,
    data: { folderId: rootId },
  });
  return (
    <UnstyledButton
      ref={drop.setNodeRef}
      className={layout === 'sidebar' ? classes.quickEntry : classes.stripEntry}
      data-active={active || undefined}
      data-drop-over={drop.isOver || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={() => onSelect(folder)}
      data-testid={`quick-${folder}`}
    >
      <Icon size={18} stroke={1.7} />
      <span>{t(`cloud.folders.${folder}`)}</span>
    </UnstyledButton>
  );
}

/** The sidebar's pseudo-folders (spec §2 "quick-access sidebar"); a scrolling strip on narrow screens. */
export function QuickAccess({ location, inMyFiles, pickType, rootId, layout, onSelect }: QuickAccessProps) {
  const { t } = useTranslation();
  const folders = quickAccessFolders(pickType);
  return (
    <nav
      className={layout === 'sidebar' ? classes.quick : classes.strip}
      aria-label={t('cloud.quickAccess')}
      data-testid="cloud-quick-access"
    >
      {folders.map((folder) => (
        <QuickAccessEntry
          key={folder}
          folder={folder}
          rootId={rootId}
          layout={layout}
          onSelect={onSelect}
          active={location.kind === 'pseudo' ? location.folder === folder : folder === 'my' && inMyFiles}
        />
      ))}
    </nav>
  );
}

/**
 * How much storage is used (GAPS 4), under the quick access: the project's team sees the project's use
 * against its quota, a member their own files against their share. Unlimited storage draws no bar.
 */
export function StorageBar() {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const storage = useQuery(cloudStorageQuery(scope));
  const language = currentLanguage();
  if (!storage.data) {
    return <Skeleton height={44} radius="md" />;
  }
  const { usedBytes, limitBytes } = storage.data;
  const title = t(storage.data.scope === 'own' ? 'cloud.storage.own' : 'cloud.storage.project');
  const unlimited = limitBytes < 0;
  const percent = unlimited || limitBytes === 0 ? 0 : Math.min(100, (usedBytes / limitBytes) * 100);
  return (
    <div className={classes.storage} data-testid="cloud-storage" data-scope={storage.data.scope}>
      <Text size="xs" fw={600}>
        {title}
      </Text>
      {unlimited ? null : (
        <Progress
          // One decimal: a tiny share would reach aria-valuenow as 1e-7, which is no valid number there; a
          // library with anything in it shows at least a sliver.
          value={Math.round(Math.max(percent, usedBytes > 0 ? 1 : 0) * 10) / 10}
          color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : undefined}
          size="sm"
          radius="xl"
          aria-label={title}
        />
      )}
      <Text size="xs" c="dimmed">
        {unlimited
          ? t('cloud.storage.usedUnlimited', { used: formatBytes(usedBytes, language) })
          : t('cloud.storage.used', {
              used: formatBytes(usedBytes, language),
              limit: formatBytes(limitBytes, language),
            })}
      </Text>
    </div>
  );
}
