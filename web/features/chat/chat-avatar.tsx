import { Avatar } from '@mantine/core';
import { IconSpeakerphone, IconUsersGroup } from '@tabler/icons-react';
import type { Chat } from '../../../contracts/chat';

/** A chat's picture: the partner's photo or initials in a private chat, the group's picture or a group mark. */
export function ChatAvatar({ chat, size = 44 }: { chat: Chat; size?: number }) {
  if (chat.avatarUrl || chat.kind === 'private') {
    return <Avatar src={chat.avatarUrl} name={chat.name} color="initials" size={size} radius="xl" alt="" />;
  }
  const Icon = chat.isMemberAllowToChat ? IconUsersGroup : IconSpeakerphone;
  return (
    <Avatar size={size} radius="xl" color="brand" variant="light" alt="">
      <Icon size={Math.round(size * 0.5)} stroke={1.7} aria-hidden="true" />
    </Avatar>
  );
}
