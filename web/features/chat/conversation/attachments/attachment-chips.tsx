import { CloseButton, Progress } from '@mantine/core';
import { IconFile, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudFileType } from '../../../../../contracts/cloud-enums';
import { useFormat } from '../../../../kernel/format';
import type { AttachmentDraft } from './use-attachment-drafts';
import classes from './composer-tools.module.css';

export const fileTypeIcons: Record<CloudFileType, typeof IconFile> = {
  image: IconPhoto,
  video: IconMovie,
  audio: IconMusic,
  other: IconFile,
};

type AttachmentChipsProps = {
  drafts: AttachmentDraft[];
  onRemove: (key: string) => void;
};

/** The files chosen for the next message, above the field: each with its upload's progress and a remove button. */
export function AttachmentChips({ drafts, onRemove }: AttachmentChipsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (drafts.length === 0) {
    return null;
  }
  return (
    <ul
      className={classes.chips}
      aria-label={t('chatAttachments.chips.label')}
      data-testid="attachment-chips"
    >
      {drafts.map((draft) => {
        const Icon = fileTypeIcons[draft.type];
        const meta =
          draft.status === 'uploading'
            ? t('chatAttachments.chips.uploading', { percent: draft.progress })
            : draft.status === 'failed'
              ? t(draft.error ?? 'errors.generic')
              : format.bytes(draft.size);
        return (
          <li
            key={draft.key}
            className={classes.chip}
            data-status={draft.status}
            data-testid="attachment-chip"
          >
            <span className={classes.chipVisual} aria-hidden="true">
              {draft.previewUrl ? <img src={draft.previewUrl} alt="" /> : <Icon size={18} stroke={1.7} />}
            </span>
            <span className={classes.chipText}>
              <span className={classes.chipName} title={draft.name}>
                {draft.name}
              </span>
              <span className={classes.chipMeta} role={draft.status === 'failed' ? 'alert' : undefined}>
                {meta}
              </span>
            </span>
            <CloseButton
              size="sm"
              aria-label={t('chatAttachments.chips.remove', { name: draft.name })}
              onClick={() => onRemove(draft.key)}
              data-testid="attachment-chip-remove"
            />
            {draft.status === 'uploading' ? (
              <Progress
                className={classes.chipProgress}
                value={draft.progress}
                size={3}
                radius={0}
                aria-label={t('chatAttachments.chips.progress', { name: draft.name })}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
