import { lazy, Suspense, useState } from 'react';
import { Avatar, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UpdateProfileBody } from '../../../contracts/profile';
import { currentAppQueryPrefix, useCurrentApp } from '../../kernel/current-app';
import { fullNameOf, initialsOf } from '../../kernel/session/account-store';
import { AccountSection } from '../account';
import type { CropRatio } from '../cloud';
import { appProfileApi, type Profile } from './app-profile-api';
import classes from './app-profile.module.css';

// The picker and the crop come with the library's chunk, when a picture is chosen.
const PickPictureDialog = lazy(async () => ({ default: (await import('../cloud')).PickPictureDialog }));

type Kind = 'avatar' | 'cover';
const ratios: Record<Kind, readonly CropRatio[]> = { avatar: ['1:1'], cover: ['5:2', '16:9'] };
const field = { avatar: 'avatarId', cover: 'coverId' } as const;

type ProfilePicturesProps = {
  profile: Profile;
  onSaved: (profile: Profile) => void;
};

/**
 * The member's photo and cover (spec §3 Member profile `avatar`, `cover`): picked in the cloud picker, cut to
 * shape and saved at once; other members see them on the member page and in lists, the header shows the photo.
 */
export function ProfilePictures({ profile, onSaved }: ProfilePicturesProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState<Kind | null>(null);
  const save = useMutation({
    mutationFn: (changes: UpdateProfileBody) => appProfileApi.update(app.id, changes),
    onSuccess: async (updated) => {
      onSaved(updated);
      notifications.show({ color: 'teal', message: t('appProfile.pictures.saved') });
      // The header's photo comes with the app's answer.
      await queryClient.invalidateQueries({ queryKey: currentAppQueryPrefix(app.slug) });
    },
  });
  const removing = (kind: Kind) => save.isPending && save.variables[field[kind]] === null;

  return (
    <AccountSection
      title={t('appProfile.pictures.title')}
      text={t('appProfile.pictures.text')}
      testId="member-pictures"
    >
      <div className={classes.cover} data-empty={!profile.coverUrl || undefined} data-testid="member-cover">
        {profile.coverUrl ? <img src={profile.coverUrl} alt="" /> : null}
        <Group gap={8} className={classes.coverActions}>
          <Button
            size="xs"
            variant="white"
            color="dark"
            leftSection={<IconPhoto size={15} stroke={1.8} />}
            onClick={() => setPicking('cover')}
            data-testid="member-cover-pick"
          >
            {profile.coverUrl ? t('appProfile.pictures.changeCover') : t('appProfile.pictures.addCover')}
          </Button>
          {profile.coverUrl ? (
            <Button
              size="xs"
              variant="white"
              color="red"
              aria-label={t('appProfile.pictures.removeCover')}
              loading={removing('cover')}
              onClick={() => save.mutate({ coverId: null })}
            >
              <IconTrash size={15} stroke={1.8} />
            </Button>
          ) : null}
        </Group>
      </div>
      <div className={classes.photoRow}>
        <Avatar
          src={profile.avatarUrl}
          color="brand"
          variant="filled"
          size={96}
          radius={999}
          className={classes.photo}
          alt={fullNameOf(profile)}
          data-testid="member-photo"
        >
          {initialsOf(profile)}
        </Avatar>
        <div className={classes.photoText}>
          <Text fw={600}>{t('appProfile.pictures.photo')}</Text>
          <Text size="sm" c="dimmed">
            {t('appProfile.pictures.photoHint')}
          </Text>
          <Group gap={8} mt={10}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCamera size={15} stroke={1.8} />}
              onClick={() => setPicking('avatar')}
              data-testid="member-photo-pick"
            >
              {profile.avatarUrl ? t('appProfile.pictures.changePhoto') : t('appProfile.pictures.addPhoto')}
            </Button>
            {profile.avatarUrl ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={15} stroke={1.8} />}
                loading={removing('avatar')}
                onClick={() => save.mutate({ avatarId: null })}
              >
                {t('appProfile.pictures.remove')}
              </Button>
            ) : null}
          </Group>
        </div>
      </div>
      {picking ? (
        <Suspense fallback={null}>
          <PickPictureDialog
            opened
            onClose={() => setPicking(null)}
            scope={{ projectId: app.projectId, appId: app.id }}
            ratios={ratios[picking]}
            source={picking}
            title={picking === 'avatar' ? t('appProfile.pictures.photo') : t('appProfile.pictures.cover')}
            onPicked={async (picture) => {
              await save.mutateAsync({ [field[picking]]: picture.id });
            }}
          />
        </Suspense>
      ) : null}
    </AccountSection>
  );
}
