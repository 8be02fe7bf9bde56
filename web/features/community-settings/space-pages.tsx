import { useState } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Space } from '../../../contracts/community-spaces';
import { ApiError } from '../../api/api-error';
import { errorTextKey } from '../../api/notify-error';
import { FullPageMessage } from '../../components/full-page-message';
import { serverFieldIssues, type FieldIssues } from '../../components/form-issues';
import { useCurrentApp } from '../../kernel/current-app';
import { SettingsPageHeader } from '../app-settings';
import { communityKeys, groupsQuery } from '../community';
import { communitySettingsPaths } from './community-settings-paths';
import { settingsApi } from './settings-api';
import { SpaceForm } from './space-form';
import {
  emptySpaceValues,
  spaceCreateBodyOf,
  spacePatchBodyOf,
  spaceValuesOf,
  type SpaceValues,
} from './space-values';

/** Saving a space: field errors go to their fields (a taken slug to the slug), anything else is announced. */
function useSaveSpace(save: (values: SpaceValues) => Promise<Space>, message: string) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const mutation = useMutation({
    mutationFn: save,
    meta: { silent: true },
    onMutate: () => setServerIssues({}),
    onSuccess: async (space) => {
      notifications.show({ color: 'teal', message: t(message, { name: space.name }) });
      await client.invalidateQueries({ queryKey: communityKeys.all(app.id) });
      void navigate(communitySettingsPaths(app.slug).groups);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SLUG_TAKEN') {
        setServerIssues({ slug: { key: 'communitySettings.slugTaken' } });
      } else if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(serverFieldIssues(error.errors));
      } else {
        notifications.show({ color: 'red', title: t('errors.title'), message: t(errorTextKey(error)) });
      }
    },
  });
  return { mutation, serverIssues };
}

function Missing() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  return (
    <FullPageMessage
      data-testid="space-missing"
      icon={<IconFileUnknown size={32} stroke={1.6} />}
      title={t('communitySettings.space.missingTitle')}
      text={t('communitySettings.space.missingText')}
      actions={
        <Button
          component={Link}
          to={communitySettingsPaths(app.slug).groups}
          size="md"
          leftSection={<IconArrowLeft size={18} stroke={1.8} />}
        >
          {t('communitySettings.groups.backToList')}
        </Button>
      }
    />
  );
}

const loading = (
  <Stack gap="md">
    <Skeleton height={56} radius="lg" />
    <Skeleton height={320} radius="lg" />
  </Stack>
);

/** settings/groups/{groupId}/spaces/create: a new space at the end of the group. */
export function SpaceCreatePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { groupId = '' } = useParams();
  const groups = useQuery(groupsQuery(app.id));
  const group = groups.data?.find((item) => item.id === groupId);
  const { mutation, serverIssues } = useSaveSpace(
    (values) => settingsApi.createSpace(groupId, spaceCreateBodyOf(values)),
    'communitySettings.space.created',
  );
  const listPath = communitySettingsPaths(app.slug).groups;
  if (groups.isPending) {
    return loading;
  }
  if (!group?.permissions.can.includes('create_space')) {
    return <Missing />;
  }
  return (
    <>
      <SettingsPageHeader
        title={t('communitySettings.space.createTitle')}
        lead={t('communitySettings.space.createLead', { group: group.name })}
        back={{ to: listPath, label: t('communitySettings.groups.title') }}
      />
      <SpaceForm
        initial={emptySpaceValues}
        cancelPath={listPath}
        submitLabel={t('communitySettings.space.create')}
        saving={mutation.isPending}
        serverIssues={serverIssues}
        onSubmit={(values) => mutation.mutate(values)}
      />
    </>
  );
}

/** settings/groups/spaces/{spaceId}/edit: only what changed is sent. */
export function SpaceEditPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { spaceId = '' } = useParams();
  const groups = useQuery(groupsQuery(app.id));
  const space = groups.data?.flatMap((group) => group.spaces).find((item) => item.id === spaceId);
  const initial = space ? spaceValuesOf(space) : emptySpaceValues;
  const { mutation, serverIssues } = useSaveSpace(
    (values) => settingsApi.updateSpace(spaceId, spacePatchBodyOf(initial, values)),
    'communitySettings.space.updated',
  );
  const listPath = communitySettingsPaths(app.slug).groups;
  if (groups.isPending) {
    return loading;
  }
  if (!space?.permissions.can.includes('edit')) {
    return <Missing />;
  }
  return (
    <>
      <SettingsPageHeader
        title={t('communitySettings.space.editTitle', { name: space.name })}
        back={{ to: listPath, label: t('communitySettings.groups.title') }}
      />
      <SpaceForm
        key={space.id}
        initial={initial}
        cancelPath={listPath}
        submitLabel={t('communitySettings.save')}
        saving={mutation.isPending}
        serverIssues={serverIssues}
        onSubmit={(values) => mutation.mutate(values)}
      />
    </>
  );
}
