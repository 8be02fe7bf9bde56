import { useState } from 'react';
import { Button, Checkbox, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { courseLimits } from '../../../contracts/courses';
import type { Lesson } from '../../../contracts/courses-lessons';
import { useCurrentApp } from '../../kernel/current-app';
import { playlistsQuery } from './courses-api';
import { usePlaylistMutations } from './lesson-api';

/** The member's playlists, each with a tick for this lesson, and a new one that takes the lesson at once. */
export function PlaylistPanel({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const playlists = useQuery(playlistsQuery(app.id));
  const { create, add, remove } = usePlaylistMutations();
  const [name, setName] = useState('');
  if (playlists.isPending) {
    return <Skeleton height={80} />;
  }
  if (playlists.isError) {
    return <Text c="red">{t('courses.playlist.error')}</Text>;
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: ({ data }) => {
        setName('');
        add.mutate({ id: data.id, lessonId: lesson.id });
      },
    });
  };
  return (
    <Stack gap="md">
      {playlists.data.length === 0 ? <Text c="dimmed">{t('courses.playlist.none')}</Text> : null}
      <Stack gap="xs" role="group" aria-label={t('courses.playlist.mine')}>
        {playlists.data.map((playlist) => {
          const holds = playlist.lessons.some((item) => item.id === lesson.id);
          return (
            <Checkbox
              key={playlist.id}
              label={playlist.name}
              checked={holds}
              onChange={(event) =>
                (event.currentTarget.checked ? add : remove).mutate({ id: playlist.id, lessonId: lesson.id })
              }
              data-testid="lesson-playlist"
            />
          );
        })}
      </Stack>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('courses.playlist.newName')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={courseLimits.playlistName}
          />
          <Button
            type="submit"
            variant="light"
            leftSection={<IconPlus size={16} stroke={1.8} />}
            loading={create.isPending}
            disabled={!name.trim()}
          >
            {t('courses.playlist.create')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
