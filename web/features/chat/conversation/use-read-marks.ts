import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chat } from '../../../../contracts/chat';
import { chatMessageSchema, type ChatMessage } from '../../../../contracts/chat-messages';
import { chatEvents } from '../../../../contracts/chat-events';
import { chatReadPayloadSchema, type ChatReadMark } from '../../../../contracts/chat-read-marks';
import { useRealtimeEvent } from '../../../kernel/realtime';
import { readMarksKey, readMarksQuery } from '../chat-members-api';
import { chatCan } from '../chat-viewer';

const chatIdOf = (payload: unknown): string | null =>
  typeof payload === 'object' && payload !== null && 'chatId' in payload && typeof payload.chatId === 'string'
    ? payload.chatId
    : null;

/**
 * The members' read marks of a chat with read markers (`read_marks`), kept current by the socket: `chat:read`
 * moves a reader's mark, a message moves its author's (sending reads the chat), people coming and going read
 * the list again. Null where the chat shows no read markers.
 */
export function useReadMarks(chat: Chat): ChatReadMark[] | null {
  const queryClient = useQueryClient();
  const shown = chatCan(chat, 'read_marks');
  const query = useQuery({ ...readMarksQuery(chat.id), enabled: shown });

  const move = (profileId: string, seq: number) =>
    queryClient.setQueryData<ChatReadMark[]>(readMarksKey(chat.id), (marks) =>
      marks?.map((mark) =>
        mark.profileId === profileId && mark.lastReadSeq < seq ? { ...mark, lastReadSeq: seq } : mark,
      ),
    );

  useRealtimeEvent(chatEvents.read, (payload) => {
    const parsed = chatReadPayloadSchema.safeParse(payload);
    if (shown && parsed.success && parsed.data.chatId === chat.id) {
      move(parsed.data.profileId, parsed.data.lastReadSeq);
    }
  });
  useRealtimeEvent(chatEvents.message, (payload) => {
    const parsed = chatMessageSchema.safeParse(payload);
    const author = parsed.success ? parsed.data.author?.profileId : undefined;
    if (shown && parsed.success && parsed.data.chatId === chat.id && author) {
      move(author, parsed.data.seq);
    }
  });
  const membersChanged = (payload: unknown) => {
    if (shown && chatIdOf(payload) === chat.id) {
      void queryClient.invalidateQueries({ queryKey: readMarksKey(chat.id) });
    }
  };
  useRealtimeEvent(chatEvents.enter, membersChanged);
  useRealtimeEvent(chatEvents.leave, membersChanged);

  return shown ? (query.data ?? null) : null;
}

/** Who has read a message: the members whose mark reached its sequence, its author left out. */
export function readersOf(message: ChatMessage, marks: readonly ChatReadMark[]): ChatReadMark[] {
  const author = message.author?.profileId ?? null;
  return marks.filter((mark) => mark.profileId !== author && mark.lastReadSeq >= message.seq);
}
