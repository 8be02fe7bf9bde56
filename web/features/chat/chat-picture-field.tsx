import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Avatar, Button, Group, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import classes from './chat-forms.module.css';

// The picker and the crop come with the library's own chunk, when a picture is chosen.
const PickPictureDialog = lazy(async () => ({ default: (await import('../cloud')).PickPictureDialog }));

/**
 * A group's picture as the forms hold it: `id` is a newly chosen file (what the form sends as `avatarId`); null
 * for the picture the chat already has, which only its address (`Chat.avatarUrl`) names.
 */
export type ChatPicture = { id: string | null; url: string | null };

type ChatPictureFieldProps = {
  value: ChatPicture | null;
  onChange: (picture: ChatPicture | null) => void;
  error?: string | null;
  testId: string;
};

/**
 * A group chat's picture (spec §3 Chat `avatar`): a round preview, "choose" (cloud picker — a library image or
 * an upload — then a square cut) and "remove".
 */
export function ChatPictureField({ value, onChange, error, testId }: ChatPictureFieldProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [picking, setPicking] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const pickButton = useRef<HTMLButtonElement>(null);

  const handleRemove = () => {
    onChange(null);
    // The remove button goes with the picture; the keyboard stays in the field.
    pickButton.current?.focus();
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={hintId}
      className={classes.picture}
      data-testid={testId}
    >
      {value?.url ? (
        <Avatar src={value.url} size={72} radius="xl" alt={t('chat.picture.preview')} />
      ) : (
        <Avatar size={72} radius="xl" color="brand" variant="light" alt="">
          <IconUsersGroup size={34} stroke={1.5} aria-hidden="true" />
        </Avatar>
      )}
      <div className={classes.pictureText}>
        <Text size="sm" fw={600} id={labelId}>
          {t('chat.picture.label')}
        </Text>
        <Text size="xs" c="dimmed" id={hintId}>
          {t('chat.picture.hint')}
        </Text>
        <Group gap={8} mt={6}>
          <Button
            ref={pickButton}
            size="xs"
            variant="light"
            leftSection={<IconPhotoPlus size={15} stroke={1.8} />}
            onClick={() => setPicking(true)}
            aria-describedby={error ? errorId : undefined}
            data-testid={`${testId}-pick`}
          >
            {value ? t('chat.picture.change') : t('chat.picture.choose')}
          </Button>
          {value ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={15} stroke={1.8} />}
              onClick={handleRemove}
              data-testid={`${testId}-remove`}
            >
              {t('chat.picture.remove')}
            </Button>
          ) : null}
        </Group>
        {error ? (
          <Text size="xs" c="red" mt={6} id={errorId} role="alert">
            {error}
          </Text>
        ) : null}
      </div>
      {picking ? (
        <Suspense fallback={null}>
          <PickPictureDialog
            opened
            onClose={() => setPicking(false)}
            scope={{ projectId: app.projectId, appId: app.id }}
            ratios={['1:1']}
            source="avatar"
            title={t('chat.picture.label')}
            onPicked={(picture) =>
              onChange({ id: picture.id, url: picture.thumbnails?.tile ?? picture.url ?? null })
            }
          />
        </Suspense>
      ) : null}
    </div>
  );
}
