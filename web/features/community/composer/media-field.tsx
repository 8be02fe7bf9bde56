import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, Text } from '@mantine/core';
import { IconFile, IconMovie, IconMusic, IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../../contracts/cloud';
import { postLimits, type PostMedia } from '../../../../contracts/community-posts';
import { useCurrentApp } from '../../../kernel/current-app';
import classes from './composer.module.css';

const CloudPicker = lazy(async () => ({ default: (await import('../../cloud')).CloudPicker }));

/** A file picked in the library as a post's media shows it: pictures by their tile, others by name. */
export function mediaOf(file: CloudEntity): PostMedia {
  return {
    id: file.id,
    url: file.type === 'image' ? (file.thumbnails?.tile ?? file.url) : file.url,
    type: file.type ?? 'other',
    name: file.name,
  };
}

/** Adds picked files after the ones there, each once, up to the post's limit. */
export function addMedia(current: readonly PostMedia[], picked: readonly PostMedia[]): PostMedia[] {
  const known = new Set(current.map((file) => file.id));
  const added = picked.filter((file) => !known.has(file.id) && known.add(file.id));
  return [...current, ...added].slice(0, postLimits.media);
}

const typeIcons = { video: IconMovie, audio: IconMusic, other: IconFile, image: IconFile } as const;

type MediaFieldProps = {
  value: PostMedia[];
  onChange: (media: PostMedia[]) => void;
  error?: string | null;
};

/** Spec §3 Post `media`: files of the cloud library, picked in the picker (several at once), in order. */
export function MediaField({ value, onChange, error }: MediaFieldProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [picking, setPicking] = useState(false);
  const full = value.length >= postLimits.media;

  return (
    <div className={classes.mediaField} data-testid="composer-media">
      {value.length > 0 ? (
        <ul className={classes.mediaGrid} aria-label={t('communityComposer.media.label')}>
          {value.map((file) => {
            const Icon = typeIcons[file.type];
            return (
              <li key={file.id} className={classes.mediaTile} data-testid="composer-media-item">
                {file.type === 'image' && file.url ? (
                  <img src={file.url} alt={file.name} />
                ) : (
                  <div className={classes.mediaFile}>
                    <Icon size={24} stroke={1.5} aria-hidden="true" />
                    <Text size="xs" lineClamp={2} ta="center">
                      {file.name}
                    </Text>
                  </div>
                )}
                <ActionIcon
                  className={classes.mediaRemove}
                  variant="filled"
                  color="dark"
                  size={26}
                  radius="xl"
                  aria-label={t('communityComposer.media.remove', { name: file.name })}
                  onClick={() => onChange(value.filter((item) => item.id !== file.id))}
                >
                  <IconX size={14} stroke={2} />
                </ActionIcon>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPaperclip size={15} stroke={1.8} />}
        onClick={() => setPicking(true)}
        disabled={full}
        data-testid="composer-media-pick"
      >
        {t('communityComposer.media.add')}
      </Button>
      <Text size="xs" c="dimmed" mt={4}>
        {full
          ? t('communityComposer.media.full', { max: postLimits.media })
          : t('communityComposer.media.hint', { max: postLimits.media })}
      </Text>
      {error ? (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <CloudPicker
            opened
            onClose={() => setPicking(false)}
            scope={{ projectId: app.projectId, appId: app.id, basePath: null }}
            selectionMode="multiple"
            onApply={(files) => {
              onChange(addMedia(value, files.map(mediaOf)));
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
