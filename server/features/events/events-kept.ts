import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import type { EventListQuery } from '../../../contracts/events.ts';
import { createChangeCache } from '../../db/change-cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import { eventAppVersions } from '../../db/schema/index.ts';
import { createKeptAnswers } from '../../platform/kept-answers.ts';
import type { AppAccess } from '../workspace/public.ts';

/*
 * The month and week views' answers as sent, kept per reader (docs/ARCHITECTURE.md "Caches"). A window's
 * answer depends on the app's events, their seats and the reader's own attendance — every change of which raises
 * the app's version (`event_app_versions`, triggers of migration 0031, announced by those of 0032 so that it is
 * read from memory) — and on who reads (abilities, the own
 * status): the key names both, so a join or an edit makes a new key and no stale answer is sent. People's names
 * and pictures beside the events are bounded by the time to live, as in the community's kept answers. Only
 * windows are kept: the upcoming, past and own lists move with the clock.
 */

const ttlMs = 30_000;

/** The apps' versions, kept in memory and dropped by their announcements (events:<app id>, migration 0032). */
const versions = createChangeCache<number>({ tagsOf: (appId) => [`events:${appId}`] });

export async function eventAppVersion(db: DbOrTx, appId: string): Promise<number> {
  return (
    (await versions.read(db, appId, async () => {
      const [row] = await db
        .select({ version: eventAppVersions.version })
        .from(eventAppVersions)
        .where(eq(eventAppVersions.appId, appId));
      return row?.version ?? 0;
    })) ?? 0
  );
}

/** Everything of the caller an answer depends on: who they are there, as what, and what they may. */
const readerOf = (app: AppAccess) =>
  [
    app.accountId ?? 'guest',
    app.profile?.id ?? '',
    app.role,
    app.sanction ?? '',
    app.masquerade ? JSON.stringify(app.masquerade) : '',
    app.can.join(','),
  ].join('|');

export function createKeptEventAnswers(db: DbOrTx) {
  const kept = createKeptAnswers({ maxBytes: 32 * 1024 * 1024, ttlMs });
  return {
    /** Sends the window's answer, kept under the app's version (read first, so a kept answer is never older). */
    async send<T>(
      reply: FastifyReply,
      app: AppAccess,
      query: EventListQuery,
      produce: () => Promise<T>,
    ): Promise<FastifyReply> {
      if (query.filter !== 'calendar' && query.filter !== 'days') {
        return reply.send(await produce());
      }
      const version = await eventAppVersion(db, app.app.id);
      const key = [
        app.app.id,
        version,
        // The app's own time zone is the default window's zone: an app change makes a new key too.
        app.app.updatedAt.getTime(),
        readerOf(app),
        JSON.stringify([query.filter, query.from, query.to, query.timeZone, query.categoryId, query.page]),
      ].join('\n');
      return kept.send(reply, key, produce);
    },
  };
}

export type KeptEventAnswers = ReturnType<typeof createKeptEventAnswers>;
