import type { FastifyReply } from 'fastify';
import { createKeptAnswers } from '../../platform/kept-answers.ts';
import type { TicketService } from './tickets.service.ts';

/*
 * The team's ticket lists as sent, kept for the rest of the second: every team member reads the same list (their
 * abilities on every ticket are the app's `tickets`), and it changes only when a ticket of the project does
 * (which loads the page again: a new version) or as its clocks count on (by the second). So a busy support
 * team's reads serialize a page once a second instead of once a request. The web counts the clocks on itself.
 */

type TeamPage = Awaited<ReturnType<TicketService['ofProject']>>;

export function createKeptTicketAnswers(now: () => number = Date.now) {
  const kept = createKeptAnswers({ maxBytes: 16 * 1024 * 1024, ttlMs: 1_000, now });
  return {
    /** The version names one load of one page of one list, so it and the second are the whole key. */
    send(reply: FastifyReply, page: TeamPage): Promise<FastifyReply> {
      if (page.version === null) {
        return page.produce().then((answer) => reply.send(answer));
      }
      const second = Math.floor(now() / 1000);
      return kept.send(reply, `${page.version}\n${second}`, page.produce);
    },
  };
}
