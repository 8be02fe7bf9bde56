import { useState, type FormEvent } from 'react';
import { Button, Radio, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconMessagePlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { chatLimits, type ChatCreateBody } from '../../../../contracts/chat';
import { ApiError } from '../../../api/api-error';
import { NotFoundMessage } from '../../../components/not-found-message';
import { appCan, useCurrentApp } from '../../../kernel/current-app';
import { useIsMobile } from '../../../kernel/ui-store';
import { usePageTitle } from '../../../kernel/use-page-title';
import { chatApi, chatKeys, type ChatCandidate } from '../chat-api';
import { chatScreenPaths } from '../chat-paths';
import { ChatPictureField, type ChatPicture } from '../chat-picture-field';
import { creatableKinds, type NewChatKind } from '../chat-viewer';
import { RequiredLevelSelect } from '../../rewards';
import { PeoplePicker, PersonSelect } from '../person-picker';
import classes from '../chat-forms.module.css';

/** The request for the chosen kind: a private chat with one person, or a group (public, a channel). */
function bodyOf(
  kind: NewChatKind,
  values: {
    person: ChatCandidate | null;
    name: string;
    people: ChatCandidate[];
    hideMembers: boolean;
    picture: ChatPicture | null;
    requiredStatusId: string | null;
  },
): ChatCreateBody | null {
  if (kind === 'private') {
    return values.person ? { kind: 'private', profileId: values.person.profileId } : null;
  }
  return {
    kind: 'group',
    name: values.name.trim(),
    profileIds: values.people.map((person) => person.profileId),
    isPublic: kind === 'public',
    isMemberAllowToChat: kind !== 'channel',
    hideMembers: values.hideMembers,
    avatarId: values.picture?.id ?? null,
    ...(values.requiredStatusId ? { requiredStatusId: values.requiredStatusId } : {}),
  };
}

/** `chat/create` (ROUTE-122): a new private chat, group, public group or channel, as the app allows. */
export function CreateChatPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle(t('chat.create.title'));
  const kinds = creatableKinds(app);
  const [kind, setKind] = useState<NewChatKind>(kinds[0] ?? 'private');
  const [person, setPerson] = useState<ChatCandidate | null>(null);
  const [name, setName] = useState('');
  const [people, setPeople] = useState<ChatCandidate[]>([]);
  const [hideMembers, setHideMembers] = useState(false);
  const [requiredStatusId, setRequiredStatusId] = useState<string | null>(null);
  const [picture, setPicture] = useState<ChatPicture | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: (body: ChatCreateBody) => chatApi.create(app.id, body),
    onSuccess: (chat) => {
      queryClient.setQueryData(chatKeys.chat(chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(app.id) });
      void navigate(chatScreenPaths.chat(app.slug, chat.id), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, key]) => [field, t(key)])));
      }
    },
    meta: { inlineFieldErrors: true },
  });

  if (kinds.length === 0) {
    return <NotFoundMessage />;
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (kind === 'private' && !person) {
      found.profileId = t('chat.create.personRequired');
    }
    if (kind !== 'private' && !name.trim()) {
      found.name = t('validation.required');
    }
    setErrors(found);
    const body = bodyOf(kind, { person, name, people, hideMembers, picture, requiredStatusId });
    if (Object.keys(found).length === 0 && body) {
      create.mutate(body);
    }
  };

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="chat-create">
      <div className={classes.head}>
        {isMobile ? (
          <Button
            component={Link}
            to={chatScreenPaths.list(app.slug)}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} stroke={1.8} />}
            className={classes.back}
          >
            {t('chat.conversation.back')}
          </Button>
        ) : null}
        <Title order={isMobile ? 1 : 2} className={classes.title}>
          {t('chat.create.title')}
        </Title>
      </div>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Radio.Group
            label={t('chat.create.kind')}
            value={kind}
            onChange={(value) => setKind(kinds.find((item) => item === value) ?? kind)}
          >
            <div className={classes.kinds}>
              {kinds.map((item) => (
                <Radio.Card
                  key={item}
                  value={item}
                  className={classes.kind}
                  data-testid={`chat-kind-${item}`}
                >
                  <div className={classes.kindInner}>
                    <Radio.Indicator />
                    <div>
                      <Text fw={650} size="sm">
                        {t(`chat.create.kinds.${item}.title`)}
                      </Text>
                      <Text size="xs" className={classes.kindHint}>
                        {t(`chat.create.kinds.${item}.text`)}
                      </Text>
                    </div>
                  </div>
                </Radio.Card>
              ))}
            </div>
          </Radio.Group>
          {kind === 'private' ? (
            <PersonSelect
              label={t('chat.create.person')}
              value={person}
              onChange={setPerson}
              error={errors.profileId}
              testId="chat-create-person"
            />
          ) : (
            <>
              <TextInput
                label={t('chat.create.name')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={chatLimits.name}
                error={errors.name}
                required
                data-testid="chat-create-name"
              />
              {appCan(app, 'cloud') ? (
                <ChatPictureField
                  value={picture}
                  onChange={setPicture}
                  error={errors.avatarId}
                  testId="chat-create-picture"
                />
              ) : null}
              <PeoplePicker
                label={t('chat.create.people')}
                description={t(kind === 'public' ? 'chat.create.peoplePublic' : 'chat.create.peopleText')}
                value={people}
                onChange={setPeople}
                error={errors.profileIds}
                testId="chat-create-people"
              />
              <Switch
                label={t('chat.edit.hideMembers')}
                description={t('chat.edit.hideMembersText')}
                checked={hideMembers}
                onChange={(event) => setHideMembers(event.currentTarget.checked)}
              />
              <RequiredLevelSelect
                value={requiredStatusId}
                onChange={setRequiredStatusId}
                testId="chat-create-required-level"
              />
            </>
          )}
          <div className={classes.actions}>
            <Button
              type="submit"
              loading={create.isPending}
              leftSection={<IconMessagePlus size={18} stroke={1.8} />}
              fullWidth={isMobile}
              data-testid="chat-create-submit"
            >
              {t(kind === 'private' ? 'chat.create.submitPrivate' : 'chat.create.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </div>
  );
}
