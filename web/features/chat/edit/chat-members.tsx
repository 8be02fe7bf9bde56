import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Button, Modal, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Chat, ChatPerson } from '../../../../contracts/chat';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsMobile } from '../../../kernel/ui-store';
import { chatApi, chatKeys, chatMembersQuery, type ChatCandidate } from '../chat-api';
import { chatCan, viewerProfileIdOf } from '../chat-viewer';
import { PeoplePicker } from '../person-picker';
import { RemoveMemberDialog } from './remove-member-dialog';
import classes from '../chat-forms.module.css';

/** The dialog that adds members (a moderator's `add_profile`): people picked by name, added in one call. */
function AddMembersDialog({
  chat,
  opened,
  onClose,
  memberIds,
}: {
  chat: Chat;
  opened: boolean;
  onClose: () => void;
  memberIds: string[];
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [people, setPeople] = useState<ChatCandidate[]>([]);
  const add = useMutation({
    mutationFn: () =>
      chatApi.addProfiles(
        chat.id,
        people.map((person) => person.profileId),
      ),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('chat.members.added', { count: people.length }) });
      setPeople([]);
      onClose();
      void queryClient.invalidateQueries({ queryKey: chatKeys.members(chat.id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.chat(chat.id), exact: true });
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('chat.members.addTitle')}
      centered
      size={isMobile ? '100%' : 'md'}
    >
      <PeoplePicker
        label={t('chat.members.addPeople')}
        value={people}
        onChange={setPeople}
        excludeIds={memberIds}
        testId="chat-add-people"
      />
      <ConfirmActions
        onCancel={onClose}
        onConfirm={() => add.mutate()}
        confirmLabel={t('chat.members.add')}
        confirmIcon={<IconUserPlus size={17} stroke={1.8} />}
        tone="primary"
        disabled={people.length === 0}
        loading={add.isPending}
        testId="chat-add-confirm"
      />
    </Modal>
  );
}

/** The group's members, 20 at a time, with "add members" and "remove" for those who may. */
export function ChatMembers({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const viewerId = viewerProfileIdOf(useCurrentApp());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ChatPerson | null>(null);
  const canRemove = chatCan(chat, 'delete_profile');
  const query = useInfiniteQuery(chatMembersQuery(chat.id));
  const members = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.meta.total ?? chat.membersCount;
  return (
    <section className={classes.section} aria-labelledby="chat-members-title" data-testid="chat-members">
      <div className={classes.sectionHead}>
        <Title order={3} size="h4" id="chat-members-title">
          {t('chat.members.title', { count: total })}
        </Title>
        {chatCan(chat, 'add_profile') ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconUserPlus size={16} stroke={1.8} />}
            onClick={() => setAdding(true)}
            data-testid="chat-add-members"
          >
            {t('chat.members.add')}
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <Skeleton height={48} radius="md" />
      ) : members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {query.isError ? t('chat.members.error') : t('chat.members.none')}
        </Text>
      ) : (
        <ul className={classes.members}>
          {members.map((member) => (
            <li key={member.profileId} className={classes.member}>
              <Avatar
                src={member.avatarUrl}
                name={member.name}
                color="initials"
                size={32}
                radius="xl"
                alt=""
              />
              <span className={classes.memberName}>{member.name}</span>
              {member.role === 'moderator' ? (
                <Badge variant="light" radius="sm">
                  {t('chat.members.moderator')}
                </Badge>
              ) : null}
              {canRemove && member.profileId !== viewerId ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  radius="xl"
                  aria-label={t('chat.members.removeLabel', { name: member.name })}
                  title={t('chat.members.remove')}
                  onClick={() => setRemoving(member)}
                  data-testid="chat-remove-member"
                >
                  <IconUserMinus size={18} stroke={1.8} />
                </ActionIcon>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="subtle"
          mt="xs"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('chat.members.more')}
        </Button>
      ) : null}
      <AddMembersDialog
        chat={chat}
        opened={adding}
        onClose={() => setAdding(false)}
        memberIds={members.map((member) => member.profileId)}
      />
      <RemoveMemberDialog chatId={chat.id} person={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}
