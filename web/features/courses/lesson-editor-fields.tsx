import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconFile, IconLink, IconPlus, IconVideo, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PickerFolderFilter } from '../../../contracts/cloud-filters';
import { courseLimits } from '../../../contracts/courses';
import { loadChunk } from '../../kernel/chunk';
import { useCurrentApp } from '../../kernel/current-app';
import type { PickedFile, VideoItem } from './lesson-form';
import classes from './courses.module.css';

const CloudPicker = lazy(async () => ({ default: (await loadChunk(() => import('../cloud'))).CloudPicker }));

/** Opens the cloud library's picker for several files of one kind. */
function PickButton({
  label,
  pickType,
  disabled,
  onPick,
  testId,
}: {
  label: string;
  pickType: PickerFolderFilter | null;
  disabled?: boolean;
  onPick: (files: PickedFile[]) => void;
  testId?: string;
}) {
  const app = useCurrentApp();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={15} stroke={1.8} />}
        onClick={() => setPicking(true)}
        disabled={disabled}
        data-testid={testId}
      >
        {label}
      </Button>
      {picking ? (
        <Suspense fallback={null}>
          <CloudPicker
            opened
            onClose={() => setPicking(false)}
            scope={{ projectId: app.projectId, appId: app.id, basePath: null }}
            selectionMode="multiple"
            pickType={pickType}
            onApply={(files) => {
              onPick(files.map(({ id, name }) => ({ id, name })));
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A labelled group of inputs with its hint or error below. */
export function FieldBox({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Stack gap={8} mt={6}>
        {children}
      </Stack>
      {error || hint ? (
        <Text size="xs" c={error ? 'red' : 'dimmed'} mt={4} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </Text>
      ) : null}
    </div>
  );
}

/** The cross that removes one entry of a list; `label` names the entry. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick}>
      <IconX size={16} stroke={1.8} />
    </ActionIcon>
  );
}

/** Files of the library in order (pictures, audios or downloads), added with the picker. */
export function FilesField({
  label,
  pickType,
  max,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  pickType: PickerFolderFilter | null;
  max: number;
  value: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  error?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const add = (files: PickedFile[]) => {
    const known = new Set(value.map((file) => file.id));
    onChange([...value, ...files.filter((file) => !known.has(file.id) && known.add(file.id))].slice(0, max));
  };
  return (
    <FieldBox label={label} hint={t('courses.editor.filesHint', { max })} error={error}>
      {value.length > 0 ? (
        <ul className={classes.pickedList} aria-label={label}>
          {value.map((file) => (
            <li key={file.id} className={classes.picked}>
              <IconFile size={18} stroke={1.6} aria-hidden="true" />
              <Text size="sm" className={classes.fileName}>
                {file.name}
              </Text>
              <RemoveButton
                label={t('courses.editor.remove', { name: file.name })}
                onClick={() => onChange(value.filter((item) => item.id !== file.id))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <PickButton
          label={t('courses.editor.pick', { what: label })}
          pickType={pickType}
          disabled={value.length >= max}
          onPick={add}
          testId={`${testId}-pick`}
        />
      </div>
    </FieldBox>
  );
}

/** The lesson's videos: library videos and YouTube / Vimeo / Loom links, the first one being the player's. */
export function VideosField({
  value,
  onChange,
  error,
}: {
  value: VideoItem[];
  onChange: (videos: VideoItem[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const full = value.length >= courseLimits.videos;
  const replace = (index: number, video: VideoItem) =>
    onChange(value.map((item, at) => (at === index ? video : item)));
  return (
    <FieldBox label={t('courses.editor.videos')} hint={t('courses.editor.videosHint')} error={error}>
      {value.map((video, index) =>
        video.kind === 'file' ? (
          <Group key={video.fileId} gap="xs" wrap="nowrap" className={classes.picked}>
            <IconVideo size={18} stroke={1.6} aria-hidden="true" />
            <Text size="sm" className={classes.fileName}>
              {video.name}
            </Text>
            <RemoveButton
              label={t('courses.editor.remove', { name: video.name })}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            />
          </Group>
        ) : (
          <Group key={`url-${index}`} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              className={classes.grow}
              type="url"
              label={t('courses.editor.videoUrl', { number: index + 1 })}
              leftSection={<IconLink size={16} stroke={1.7} />}
              value={video.url}
              onChange={(event) => replace(index, { kind: 'url', url: event.currentTarget.value })}
              maxLength={courseLimits.url}
              placeholder="https://www.youtube.com/watch?v=…"
            />
            <RemoveButton
              label={t('courses.editor.removeVideo', { number: index + 1 })}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            />
          </Group>
        ),
      )}
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconLink size={15} stroke={1.8} />}
          disabled={full}
          onClick={() => onChange([...value, { kind: 'url', url: '' }])}
          data-testid="lesson-editor-video-url"
        >
          {t('courses.editor.addVideoUrl')}
        </Button>
        <PickButton
          label={t('courses.editor.pickVideos')}
          pickType="video"
          disabled={full}
          onPick={(files) =>
            onChange(
              [
                ...value,
                ...files.map((file): VideoItem => ({ kind: 'file', fileId: file.id, name: file.name })),
              ].slice(0, courseLimits.videos),
            )
          }
        />
      </Group>
    </FieldBox>
  );
}
