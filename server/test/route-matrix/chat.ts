import {
  appAdmin,
  appMember,
  appModerator,
  appOwner,
  appRead,
  appVisitor,
  without,
} from '../expected-abilities.ts';
import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the chat routes (issue 17), written by hand from the chat's rules
 * (docs/decisions/chat.md) and not computed by its policy. Chats speak for the caller's live profile in the app:
 * without one (guests, strangers, team members without a profile) the app's chats are invisible (404).
 *
 *   chats of app    `chats(:appId)`: the app abilities of the caller's profile; a masquerading admin reads as
 *                   the member but creates nothing in their name;
 *   chat            `chat(:id)`: the fixture's public group chat, made and moderated by the tenant's member (no
 *                   matrix role is in it): whoever reads the app's chats sees it and may join (not punished, not
 *                   masquerading), its admins may delete it;
 *   chats in body   `chats(body chatIds)`: the same chat named in `PATCH /chats` and `PATCH /chats/read`;
 *   chat message    `chat-message(:id)`: the member's message in it: only the app's admins may delete it.
 */

export const chatColumns = {
  'chats of app': 'app',
  chat: 'chat',
  'chats in body': 'chat',
  'chat message': 'chat_message',
} as const;

export const chatScopeColumns = {
  'chats(:appId)': 'chats of app',
  'chat(:id)': 'chat',
  'chats(body chatIds)': 'chats in body',
  'chat-message(:id)': 'chat message',
} as const;

type ChatHoldings = Partial<Record<keyof typeof chatColumns, Outcome>>;

const hidden: ChatHoldings = {
  'chats of app': 'not-found',
  chat: 'not-found',
  'chats in body': 'not-found',
  'chat message': 'not-found',
};
const refused: ChatHoldings = { 'chats of app': [], chat: [], 'chats in body': [], 'chat message': [] };

const participant = (app: readonly string[], manager: boolean): ChatHoldings => ({
  'chats of app': app,
  chat: manager ? ['view', 'join', 'delete'] : ['view', 'join'],
  'chats in body': ['view'],
  'chat message': manager ? ['delete'] : [],
});

export const chatHoldingsOf: Record<Role, ChatHoldings> = {
  owner: participant(appOwner, true),
  admin: participant(appAdmin, true),
  moderator: participant(appModerator, false),
  member: participant(appMember, false),
  // A profile, but not yet the right to read the app's chats.
  invited: { ...hidden, 'chats of app': appVisitor },
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': { ...hidden, 'chats of app': [] },
  'punished member': {
    'chats of app': appRead,
    chat: ['view'],
    'chats in body': ['view'],
    'chat message': [],
  },
  'team member': hidden,
  'pending team member': hidden,
  'admin as member': {
    'chats of app': without(appMember, 'create_private_chat', 'create_group_chat'),
    chat: ['view'],
    'chats in body': ['view'],
    'chat message': [],
  },
  'admin as owner': refused,
  'admin as admin': refused,
  'team member as owner': refused,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': hidden,
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
