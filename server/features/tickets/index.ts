import type { FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { ticketQueues, ticketWarningsJob } from './tickets-warnings.job.ts';
import { createTicketEvents } from './tickets.events.ts';
import { ticketReplies } from './tickets.replies.ts';
import { ticketRoutes } from './tickets.routes.ts';
import { createTicketScopes } from './tickets.scopes.ts';
import { createTicketService } from './tickets.service.ts';

/**
 * Support tickets (issue 20): a member's request is a support chat with a number, a status and two clocks; the
 * team works it on the service host and the app host. The rules: docs/decisions/tickets.md.
 */
export const ticketsFeature: FeatureManifest = {
  name: 'tickets',
  routes: ({ db, realtime, urlSigner, config }) => [
    ...ticketRoutes({
      tickets: createTicketService({
        db,
        sign: (path) => urlSigner.sign(path),
        realtime,
        events: createTicketEvents({ realtime }),
        // The first message is a chat message: images of our cloud, on our own origins (as the chat's).
        imageOrigins: [appHostOf(config).appBaseUrl, config.publicBaseUrl],
      }),
      scopes: createAccessScopes(db),
      ticketScopes: createTicketScopes(db),
    }),
  ],
  queues: ticketQueues,
  jobs: ({ db, mailer, config }) => [ticketWarningsJob({ db, mailer, serviceBaseUrl: config.publicBaseUrl })],
  onChatMessageSent: ({ db, realtime }) => ticketReplies({ db, events: createTicketEvents({ realtime }) }),
  pathParams: { 'tickets/:id': 'ticketId' },
};
