import type { Chat } from '../../../contracts/chat.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { requiredLevelsOf } from '../gamification/public.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { ChatEvents } from './chat.events.ts';
import { chatViewOf, type ChatView } from './chat-list.repo.ts';
import { personOf } from './chat-members.repo.ts';
import { chatAbilities, type ChatActor } from './chat.policy.ts';
import { presentChat, presentPerson } from './chat.presenter.ts';

/*
 * Chats as the chat's services answer them (issue 17): one viewer's chats presented with the viewer's abilities
 * and the chats' moderators, and the news of a chat told to the people who just came into it.
 */

/**
 * How a chat looks to someone the request does not speak for (the `chat:create` event to the other people):
 * a plain member of the app. Their own reads carry their exact abilities.
 */
const plainMember = (profileId: string, settings: ChatActor['settings']): ChatActor => ({
  profileId,
  appCan: ['view_chats'],
  isManager: false,
  mayWrite: true,
  settings,
});

export function createChatViews(deps: { db: Db; sign: UrlSign; events: ChatEvents }) {
  const { db, sign, events } = deps;

  /**
   * Chats of one viewer, presented with the viewer's abilities (the views carry their moderators) and the levels
   * gated chats ask for (one read per app, none when no chat is gated).
   */
  async function present(actor: ChatActor, views: ChatView[]): Promise<Chat[]> {
    const levels = new Map<string, Awaited<ReturnType<typeof requiredLevelsOf>>>();
    for (const appId of new Set(views.filter((view) => view.requiredStatusId).map((view) => view.appId))) {
      const ids = views.filter((view) => view.appId === appId).map((view) => view.requiredStatusId);
      levels.set(appId, await requiredLevelsOf(db, appId, ids));
    }
    return views.map((view) =>
      presentChat(view, {
        sign,
        moderators: view.moderators,
        requiredLevel: view.requiredStatusId
          ? (levels.get(view.appId)?.get(view.requiredStatusId) ?? null)
          : null,
        can: chatAbilities(actor, {
          kind: view.kind,
          isPublic: view.isPublic,
          isMemberAllowToChat: view.isMemberAllowToChat,
          role: view.role,
          isBlockedByMe: view.isBlocked,
          membersCount: view.membersCount,
          hideMembers: view.hideMembers,
        }),
      }),
    );
  }

  async function chatOf(actor: ChatActor, chatId: string, tx: DbOrTx = db): Promise<Chat> {
    const view = await chatViewOf(tx, actor.profileId, chatId);
    if (!view) {
      throw notFound();
    }
    const [chat] = await present(actor, [view]);
    return chat!;
  }

  /** Tells each new member (but the caller, who has the answer) of the chat, under the app's chat settings. */
  async function announce(
    chatId: string,
    profileIds: readonly string[],
    settings: ChatActor['settings'],
    person?: { enter: boolean },
  ) {
    for (const profileId of profileIds) {
      const chat = await chatOf(plainMember(profileId, settings), chatId).catch(() => null);
      if (!chat) {
        continue;
      }
      if (person?.enter) {
        const who = await personOf(db, profileId);
        if (who) {
          events.entered(chat, presentPerson(sign, who));
        }
      } else {
        events.created(chat, profileId);
      }
    }
  }

  return { present, chatOf, announce };
}
