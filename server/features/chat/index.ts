import type { FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { chatLimits } from '../../../contracts/chat.ts';
import { createChatEvents } from './chat.events.ts';
import { createChatScopes } from './chat.scopes.ts';
import { chatRoutes } from './chats.routes.ts';
import { createChatService } from './chats.service.ts';
import { messageRoutes } from './messages.routes.ts';
import { createMessageService } from './messages.service.ts';
import { createTypingThrottle } from './typing-throttle.ts';

/**
 * Chat (issue 17): private and group chats, public group chats and channels, messages with replies, unread
 * counters by sequence, blocking, typing, and the realtime events after commit. The rules:
 * docs/decisions/chat.md.
 */
export const chatFeature: FeatureManifest = {
  name: 'chat',
  routes: ({ db, realtime, urlSigner, config, redis }) => {
    const sign = (path: string) => urlSigner.sign(path);
    const events = createChatEvents({ realtime });
    const scopes = createChatScopes(db);
    return [
      ...chatRoutes({ chats: createChatService({ db, sign, events }), scopes }),
      ...messageRoutes({
        messages: createMessageService({
          db,
          sign,
          events,
          // Images in messages: our cloud, on our own origins (as the community's comments).
          imageOrigins: [appHostOf(config).appBaseUrl, config.publicBaseUrl],
          typing: createTypingThrottle(redis, chatLimits.typingIntervalMs),
        }),
        scopes,
      }),
    ];
  },
  pathParams: {
    'chats/:id': 'chatId',
    'chat-messages/:id': 'chatMessageId',
  },
};
