import type { FeatureContext, FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { createGifLookup } from '../gifs/public.ts';
import { createNotifier } from '../notifications/public.ts';
import { chatLimits } from '../../../contracts/chat.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { chatMemberRoutes } from './chat-members.routes.ts';
import { createChatMemberService } from './chat-members.service.ts';
import { createChatReadService } from './chat-reads.service.ts';
import { chatSettingsRoutes } from './chat-settings.routes.ts';
import { createChatSettingsService } from './chat-settings.service.ts';
import { createChatEvents } from './chat.events.ts';
import { createChatScopes } from './chat.scopes.ts';
import { chatRoutes } from './chats.routes.ts';
import { createChatService } from './chats.service.ts';
import { tellMessageSent, type OnMessageSent } from './message-sent.ts';
import { messageRoutes } from './messages.routes.ts';
import { attachmentProcessed } from './attachment-processed.ts';
import { createMessageService } from './messages.service.ts';
import { createKeptChatAnswers } from './kept-answers.ts';
import {
  chatNotificationsRead,
  chatQueues,
  offlineNotifyJob,
  scheduleOfflineNotify,
} from './offline-notify.job.ts';
import { createTypingThrottle } from './typing-throttle.ts';

/**
 * What reacts to a sent message, told in this order after commit (message-sent.ts): the offline notifications,
 * then the features that listen through their manifests (the tickets). The gamification's
 * `message_sent_fee` joins this list when it is built; nothing registers itself anywhere else.
 */
const messageSentHooks = ({ jobs, chatMessageSent }: FeatureContext): OnMessageSent[] => [
  scheduleOfflineNotify({ jobs }),
  // The other features' listeners (their manifests' `onChatMessageSent`, wired in server/app.ts).
  ...(chatMessageSent ? [chatMessageSent] : []),
];

/**
 * Chat (issue 17): private and group chats, public group chats and channels, messages with replies, unread
 * counters by sequence, blocking, typing, and the realtime events after commit. The rules:
 * docs/decisions/chat.md.
 */
export const chatFeature: FeatureManifest = {
  name: 'chat',
  routes: (context) => {
    const { db, realtime, jobs, logger, urlSigner, config, redis } = context;
    const sign = (path: string) => urlSigner.sign(path);
    const events = createChatEvents({ realtime });
    const scopes = createChatScopes(db);
    const notifier = createNotifier({ realtime, jobs, logger });
    const members = createChatMemberService({ db, sign, events });
    const kept = createKeptChatAnswers(db);
    return [
      ...chatRoutes({
        chats: createChatService({ db, sign, events }),
        members,
        reads: createChatReadService({
          db,
          events,
          chatsRead: chatNotificationsRead({ db, notifier, logger }),
        }),
        scopes,
        kept,
      }),
      ...messageRoutes({
        messages: createMessageService({
          db,
          sign,
          events,
          // Images in messages: our cloud, on our own origins (as the community's comments).
          imageOrigins: [appHostOf(config).appBaseUrl, config.publicBaseUrl],
          typing: createTypingThrottle(redis, chatLimits.typingIntervalMs),
          gifs: createGifLookup({ config: config.gifs, logger }),
          notifier,
          messageSent: tellMessageSent(messageSentHooks(context), logger),
        }),
        scopes,
        kept,
      }),
      ...chatMemberRoutes({ members, scopes }),
      ...chatSettingsRoutes({
        settings: createChatSettingsService({ db }),
        scopes: createAccessScopes(db),
      }),
    ];
  },
  queues: chatQueues,
  jobs: ({ db, realtime, jobs, logger }) => [
    offlineNotifyJob({ db, notifier: createNotifier({ realtime, jobs, logger }) }),
  ],
  onFileProcessed: ({ db, realtime, urlSigner }) =>
    attachmentProcessed({ db, sign: (path) => urlSigner.sign(path), events: createChatEvents({ realtime }) }),
  pathParams: {
    'chats/:id': 'chatId',
    'chat-messages/:id': 'chatMessageId',
  },
};
