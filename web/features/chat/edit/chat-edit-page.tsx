import { useState, type FormEvent } from 'react';
import { Button, MultiSelect, Skeleton, Stack, Switch, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { chatLimits, type Chat, type ChatGroupPatchBody } from '../../../../contracts/chat';
import { ApiError } from '../../../api/api-error';
import { NotFoundMessage } from '../../../components/not-found-message';
import { appCan, useCurrentApp } from '../../../kernel/current-app';
import { useIsMobile } from '../../../kernel/ui-store';
import { usePageTitle } from '../../../kernel/use-page-title';
import { chatApi, chatKeys, chatMembersQuery, chatQuery } from '../chat-api';
import { patchChat } from '../chat-cache';
import { chatScreenPaths } from '../chat-paths';
import { ChatPictureField, type ChatPicture } from '../chat-picture-field';
import { chatCan } from '../chat-viewer';
import { RequiredLevelSelect } from '../../rewards';
import { ChatMembers } from './chat-members';
import classes from '../chat-forms.module.css';

type Values = {
  name: string;
  /** The chat's picture (`id` null) or a newly chosen one; null: none. */
  picture: ChatPicture | null;
  isPublic: boolean;
  isChannel: boolean;
  hideMembers: boolean;
  requiredStatusId: string | null;
  moderatorIds: string[];
};

const valuesOf = (chat: Chat): Values => ({
  name: chat.name,
  picture: chat.avatarUrl ? { id: null, url: chat.avatarUrl } : null,
  isPublic: chat.isPublic,
  isChannel: !chat.isMemberAllowToChat,
  hideMembers: chat.hideMembers,
  requiredStatusId: chat.requiredStatusId,
  moderatorIds: chat.moderators.map((person) => person.profileId),
});

/** Only what changed goes to the server. */
function patchOf(before: Values, after: Values): ChatGroupPatchBody {
  const patch: ChatGroupPatchBody = {};
  if (after.name.trim() !== before.name) {
    patch.name = after.name.trim();
  }
  if (after.picture?.id) {
    patch.avatarId = after.picture.id;
  } else if (before.picture && !after.picture) {
    patch.avatarId = null;
  }
  if (after.isPublic !== before.isPublic) {
    patch.isPublic = after.isPublic;
  }
  if (after.isChannel !== before.isChannel) {
    patch.isMemberAllowToChat = !after.isChannel;
  }
  if (after.hideMembers !== before.hideMembers) {
    patch.hideMembers = after.hideMembers;
  }
  if (after.requiredStatusId !== before.requiredStatusId) {
    patch.requiredStatusId = after.requiredStatusId;
  }
  if ([...after.moderatorIds].sort().join() !== [...before.moderatorIds].sort().join()) {
    patch.profileIds = after.moderatorIds;
  }
  return patch;
}

function GroupForm({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const initial = valuesOf(chat);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const members = useInfiniteQuery(chatMembersQuery(chat.id));
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  // The moderators are chosen among the members (the loaded pages) and the present moderators.
  const people = new Map<string, string>();
  for (const person of [...chat.moderators, ...(members.data?.pages.flatMap((page) => page.data) ?? [])]) {
    people.set(person.profileId, person.name);
  }
  const save = useMutation({
    mutationFn: (patch: ChatGroupPatchBody) => chatApi.patchGroup(chat.id, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(chatKeys.chat(chat.id), saved);
      patchChat(queryClient, app.id, chat.id, () => saved);
      setValues(valuesOf(saved));
      notifications.show({ color: 'teal', message: t('chat.edit.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, key]) => [field, t(key)])));
      }
    },
    meta: { inlineFieldErrors: true },
  });
  const patch = patchOf(initial, values);
  const changed = Object.keys(patch).length > 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: t('validation.required') });
      return;
    }
    setErrors({});
    if (changed) {
      save.mutate(patch);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('chat.create.name')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          maxLength={chatLimits.name}
          error={errors.name}
          required
          data-testid="chat-edit-name"
        />
        {appCan(app, 'cloud') ? (
          <ChatPictureField
            value={values.picture}
            onChange={(picture) => set('picture', picture)}
            error={errors.avatarId}
            testId="chat-edit-picture"
          />
        ) : null}
        {appCan(app, 'create_public_group_chat') || chat.isPublic ? (
          <Switch
            label={t('chat.edit.public')}
            description={t('chat.edit.publicText')}
            checked={values.isPublic}
            onChange={(event) => set('isPublic', event.currentTarget.checked)}
            data-testid="chat-edit-public"
          />
        ) : null}
        <Switch
          label={t('chat.edit.channel')}
          description={t('chat.edit.channelText')}
          checked={values.isChannel}
          onChange={(event) => set('isChannel', event.currentTarget.checked)}
          data-testid="chat-edit-channel"
        />
        <Switch
          label={t('chat.edit.hideMembers')}
          description={t('chat.edit.hideMembersText')}
          checked={values.hideMembers}
          onChange={(event) => set('hideMembers', event.currentTarget.checked)}
          data-testid="chat-edit-hide-members"
        />
        <RequiredLevelSelect
          value={values.requiredStatusId}
          onChange={(statusId) => set('requiredStatusId', statusId)}
          testId="chat-edit-required-level"
        />
        <MultiSelect
          label={t('chat.edit.moderators')}
          description={t('chat.edit.moderatorsText')}
          data={[...people].map(([id, name]) => ({ value: id, label: name || '…' }))}
          value={values.moderatorIds}
          onChange={(ids) => set('moderatorIds', ids)}
          error={errors.profileIds}
          searchable
          hidePickedOptions
          maxValues={chatLimits.profileIdsPerCall}
          comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed' }}
          data-testid="chat-edit-moderators"
        />
        <div className={classes.actions}>
          <Button
            type="submit"
            disabled={!changed}
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={18} stroke={1.8} />}
            fullWidth={isMobile}
            data-testid="chat-edit-save"
          >
            {t('chat.edit.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** `chat/{chatId}/edit` (ROUTE-124): a group chat's settings and members, for those who may edit it. */
export function ChatEditPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const { chatId = '' } = useParams();
  const query = useQuery(chatQuery(chatId));
  const chat = query.data;
  usePageTitle(t('chat.edit.title'));

  if (query.isPending) {
    return (
      <div className={classes.page} aria-hidden="true">
        <Skeleton height={28} width="40%" mb="lg" />
        <Skeleton height={36} mb="md" />
        <Skeleton height={36} />
      </div>
    );
  }
  if (!chat || chat.kind !== 'group' || !chatCan(chat, 'edit')) {
    return <NotFoundMessage />;
  }
  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="chat-edit">
      <div className={classes.head}>
        <Button
          component={Link}
          to={chatScreenPaths.chat(app.slug, chat.id)}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} stroke={1.8} />}
          className={classes.back}
        >
          {t('chat.edit.back', { name: chat.name })}
        </Button>
        <Title order={isMobile ? 1 : 2} className={classes.title}>
          {t('chat.edit.title')}
        </Title>
      </div>
      <GroupForm key={chat.id} chat={chat} />
      <ChatMembers chat={chat} />
    </div>
  );
}
