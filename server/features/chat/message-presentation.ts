import type { ChatMessage } from '../../../contracts/chat-messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { attachedFiles, type UrlSign } from '../cloud/public.ts';
import { findVoteViews, presentVote } from '../community/public.ts';
import { presentMessage, type MessageExtras } from './chat.presenter.ts';
import { messageAbilitiesOf, type ChatAccess } from './chat.scopes.ts';
import { messageViewOf } from './messages.repo.ts';
import type { MessageView } from './message-view.ts';

/*
 * Messages as answers and events show them: their files (signed) and polls read for a whole page at once — a
 * query each, and none when no message of the page has one.
 */

/**
 * Messages as a reader sees them: with the reader's abilities and their own choice in a poll; without a reader
 * (null), as the room's copy shows them before `roomCopy` (no abilities, nobody's choice).
 */
export async function presentMessages(
  db: DbOrTx,
  sign: UrlSign,
  access: ChatAccess | null,
  views: readonly MessageView[],
): Promise<ChatMessage[]> {
  const voteIds = views.flatMap((view) => (view.voteId ? [view.voteId] : []));
  const [files, votes] = await Promise.all([
    attachedFiles(
      db,
      sign,
      views.flatMap((view) => view.attachmentIds),
    ),
    findVoteViews(db, voteIds, access?.actor.profileId ?? null),
  ]);
  return views.map((view) => {
    const can = access ? messageAbilitiesOf(access, { ...view, hasVote: view.voteId !== null }) : [];
    const vote = view.voteId ? votes.get(view.voteId) : undefined;
    const extras: MessageExtras = {
      attachments: view.attachmentIds.flatMap((id) => {
        const file = files.get(id);
        return file ? [file] : [];
      }),
      vote: vote ? presentVote(vote, can.includes('answer')) : null,
    };
    return presentMessage(view, { sign, can, extras });
  });
}

/**
 * The room's copy of a message carries no one's permissions and no one's choice in its poll; its poll offers
 * answering while it runs (every reader is a member of the chat; the server refuses the punished ones), so a
 * poll that arrives live can be answered without reading it again.
 */
export const roomCopy = (message: ChatMessage): ChatMessage => ({
  ...message,
  vote: message.vote
    ? {
        ...message.vote,
        answeredOptionIds: [],
        permissions: { can: message.vote.isClosed ? ['view'] : ['view', 'answer'] },
      }
    : null,
  permissions: { can: [] },
});

/** The room's copy of one stored message, or undefined when it is gone. */
export async function roomCopyOf(
  db: DbOrTx,
  sign: UrlSign,
  messageId: string,
): Promise<ChatMessage | undefined> {
  const view = await messageViewOf(db, messageId);
  if (!view) {
    return undefined;
  }
  const [message] = await presentMessages(db, sign, null, [view]);
  return message && roomCopy(message);
}
