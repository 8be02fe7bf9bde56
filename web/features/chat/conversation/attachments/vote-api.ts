import { chatMessageResponseSchema, type ChatMessage } from '../../../../../contracts/chat-messages';
import { voteResponseSchema, type Vote, type VoteCreateBody } from '../../../../../contracts/community-posts';
import { api } from '../../../../api/client';
import { chatPaths } from '../../chat-api';

/** A chat's polls (group chats only): made first, then carried by a message's `voteId`; answered per message. */
export const chatVoteApi = {
  /** `POST /apps/{appId}/votes`: the poll the next message carries. */
  create: (appId: string, body: VoteCreateBody): Promise<Vote> =>
    api.post(chatPaths.votes(appId), { body, schema: voteResponseSchema }).then((answer) => answer.data),
  /** `PUT /chat-messages/{id}/vote`: the caller's whole choice; answers the message with the new counts. */
  answer: (messageId: string, optionIds: string[]): Promise<ChatMessage> =>
    api
      .put(chatPaths.messageVote(messageId), { body: { optionIds }, schema: chatMessageResponseSchema })
      .then((answer) => answer.data),
};
