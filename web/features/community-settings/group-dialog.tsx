import { useState, type FormEvent } from 'react';
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  communityLimits,
  groupCreateBodySchema,
  type CommunityPicture,
  type CommunityProfileSummary,
  type Group,
  type GroupCreateBody,
} from '../../../contracts/community-spaces';
import { ApiError } from '../../api/api-error';
import { errorTextKey } from '../../api/notify-error';
import { ConfirmActions } from '../../components/confirm-actions';
import { fieldIssues, serverFieldIssues, useIssueText, type FieldIssues } from '../../components/form-issues';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { communityKeys } from '../community';
import { coverRatios, PictureField } from './picture-field';
import { ModeratorPicker } from './moderator-picker';
import { settingsApi } from './settings-api';

type GroupValues = {
  name: string;
  slug: string;
  description: string;
  cover: CommunityPicture | null;
  moderators: CommunityProfileSummary[];
};

const valuesOf = (group: Group | null): GroupValues => ({
  name: group?.name ?? '',
  slug: group?.slug ?? '',
  description: group?.description ?? '',
  cover: group?.cover ?? null,
  moderators: group?.moderators ?? [],
});

/** The group form's body: an empty slug is left to the server (made from the name). */
export function groupBodyOf(values: GroupValues): GroupCreateBody {
  const slug = values.slug.trim().toLowerCase();
  return {
    name: values.name.trim(),
    ...(slug ? { slug } : {}),
    description: values.description.trim(),
    coverId: values.cover?.id ?? null,
    moderatorProfileIds: values.moderators.map((profile) => profile.id),
  };
}

type GroupDialogProps = { group: Group | null; onClose: () => void };

/** Creates a group (`group` null) or edits one: name, address, description, cover and its moderators. */
export function GroupDialog({ group, onClose }: GroupDialogProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const client = useQueryClient();
  const [values, setValues] = useState<GroupValues>(() => valuesOf(group));
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const issues = submitted ? fieldIssues(groupCreateBodySchema, groupBodyOf(values)) : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);
  const set = <K extends keyof GroupValues>(field: K, value: GroupValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerIssues(({ [field]: _, ...rest }) => rest);
  };

  const save = useMutation({
    mutationFn: () =>
      group
        ? settingsApi.updateGroup(group.id, groupBodyOf(values))
        : settingsApi.createGroup(app.id, groupBodyOf(values)),
    meta: { silent: true },
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: t(group ? 'communitySettings.group.updated' : 'communitySettings.group.created', {
          name: saved.name,
        }),
      });
      await client.invalidateQueries({ queryKey: communityKeys.all(app.id) });
      onClose();
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

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(fieldIssues(groupCreateBodySchema, groupBodyOf(values))).length === 0) {
      save.mutate();
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={group ? t('communitySettings.group.editTitle') : t('communitySettings.group.createTitle')}
      size={isMobile ? '100%' : 'lg'}
      fullScreen={isMobile}
      centered
      data-testid="group-dialog"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('communitySettings.group.name')}
            placeholder={t('communitySettings.group.namePlaceholder')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            maxLength={communityLimits.name}
            error={issueOf('name')}
            required
            data-autofocus
            data-testid="group-name"
          />
          <TextInput
            label={t('communitySettings.slug')}
            description={t('communitySettings.slugHint')}
            value={values.slug}
            onChange={(event) => set('slug', event.currentTarget.value)}
            maxLength={communityLimits.slug}
            error={issueOf('slug')}
            data-testid="group-slug"
          />
          <Textarea
            label={t('communitySettings.group.description')}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            maxLength={communityLimits.description}
            autosize
            minRows={2}
            error={issueOf('description')}
          />
          <PictureField
            label={t('communitySettings.group.cover')}
            value={values.cover}
            onChange={(picture) => set('cover', picture)}
            ratios={coverRatios}
            error={issueOf('coverId')}
            testId="group-cover"
          />
          <ModeratorPicker
            value={values.moderators}
            onChange={(profiles) => set('moderators', profiles)}
            label={t('communitySettings.moderators.label')}
            description={t('communitySettings.moderators.groupHint')}
            error={issueOf('moderatorProfileIds')}
            testId="group-moderators"
          />
        </Stack>
        <ConfirmActions
          onCancel={onClose}
          confirmLabel={group ? t('communitySettings.save') : t('communitySettings.group.create')}
          confirmIcon={
            group ? <IconDeviceFloppy size={17} stroke={1.8} /> : <IconPlus size={17} stroke={1.8} />
          }
          tone="primary"
          loading={save.isPending}
          testId="group-submit"
        />
      </form>
    </Modal>
  );
}
