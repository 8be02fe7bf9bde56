import type { Logger } from 'pino';
import type { ChatMessageSent } from '../../platform/features.ts';

/*
 * The chat's hook point after a message committed (issue 17). What reacts to a sent message is a function in the
 * explicit list of the chat's manifest (index.ts `messageSentHooks`): the offline notifications now, the
 * gamification's `message_sent_fee` later (a fee that may refuse the message would have to run inside the
 * send's transaction instead). Hooks are told only of new messages (a retried send with a known client id
 * tells nobody), after commit and outside the sender's answer: one that fails is logged and stops neither the
 * others nor the send.
 */

export type MessageSent = ChatMessageSent;

export type OnMessageSent = (event: MessageSent) => Promise<void> | void;

/** One function that tells every hook in turn; it never throws. */
export function tellMessageSent(
  hooks: readonly OnMessageSent[],
  logger: Pick<Logger, 'error'>,
): (event: MessageSent) => void {
  return (event) => {
    for (const hook of hooks) {
      void Promise.resolve()
        .then(() => hook(event))
        .catch((error: unknown) => {
          logger.error(
            { err: error, chatId: event.chatId, messageId: event.messageId },
            'chat: message hook failed',
          );
        });
    }
  };
}
