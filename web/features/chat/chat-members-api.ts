import { queryOptions } from '@tanstack/react-query';
import { chatReadMarksSchema } from '../../../contracts/chat-read-marks';
import { api } from '../../api/client';
import { chatKeys } from './chat-api';

/*
 * The chat's second-cut calls (issue 17): read marks ("seen by") and moderators taking members out. Beside
 * chat-api.ts, in the same style; the caches lie below the chat's own key.
 */

export const chatMemberPaths = {
  readMarks: (chatId: string) => `/chats/${chatId}/read-marks`,
  profile: (chatId: string, profileId: string) => `/chats/${chatId}/profiles/${profileId}`,
};

export const readMarksKey = (chatId: string) => [...chatKeys.chat(chatId), 'read-marks'] as const;

/** Every member's read mark (chats with `read_marks` only); `chat:read` and `chat:message` keep it current. */
export const readMarksQuery = (chatId: string) =>
  queryOptions({
    queryKey: readMarksKey(chatId),
    queryFn: ({ signal }) =>
      api
        .get(chatMemberPaths.readMarks(chatId), { schema: chatReadMarksSchema, signal })
        .then((answer) => answer.data),
    // "Seen by" is a nicety: without it the conversation works, and says nothing.
    meta: { silent: true },
    staleTime: Infinity,
  });

export const chatMemberApi = {
  /** A moderator takes someone out of a group chat (`delete_profile`). */
  remove: (chatId: string, profileId: string): Promise<unknown> =>
    api.delete(chatMemberPaths.profile(chatId, profileId)),
};
