import { createHmac, randomBytes } from 'node:crypto';
import { createChangeCache } from '../../db/change-cache.ts';
import type { Db } from '../../db/client.ts';
import { constantTimeEqual, keyedHash } from '../../platform/crypto.ts';
import { keptBodyOf, type KeptBody } from '../../platform/kept-answers.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { AppRow } from '../workspace/public.ts';
import { loadAppAccess, type AppAccess } from '../workspace/public.ts';
import { eventPageUrl } from './confirmation.ts';
import { eventAppVersion } from './events-kept.ts';
import { eventsViewOf, type EventRow } from './events.access.ts';
import { readsEventAccess } from './events.policy.ts';
import * as repo from './feeds.repo.ts';
import { calendarFeed, eventFile, type IcsBlocks, type IcsChanges, type IcsEvent } from './ics.ts';
import type { Override, Series } from './recurrence.ts';
import { seriesOf, type OccurrenceChanges, type OverrideRow } from './series.ts';

/*
 * Calendar feeds (issue 18, docs/decisions/events.md "Calendar feeds"): a member's private feed per app, the
 * app's public feed of its free events, and one event's file. The private URL is
 * `{app base url}/api/calendar/{profileId}.{mac}.ics`, mac = HMAC-SHA256(feed key, profileId + nonce) in
 * base64url: nothing that opens it is stored, a new nonce (rotate) or no row (revoke) ends every URL before.
 */

const hourMs = 3_600_000;
const dayMs = 86_400_000;
export const feedLimits = {
  /** Ended series stay in a feed this long (joined ones whenever they ended). */
  endedDays: 90,
  /** A deleted event stays, cancelled, this long: clients that refresh meanwhile remove it. */
  cancelledDays: 30,
  /** Events per feed: joined first, then running and upcoming by their next start, then the latest past. */
  events: 300,
} as const;

const tokenPattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})\.ics$/;

type FeedApp = Pick<AppRow, 'id' | 'name' | 'slug' | 'projectId' | 'updatedAt'>;

/** The key of the feed URLs' MACs, derived from the server's secret. */
export const feedKeyOf = (serverSecret: string) => keyedHash(serverSecret, 'event-calendar-feeds');

/** `{profileId}.{mac}.ics`: the last part of a member's private feed URL. */
export const feedTokenOf = (feedKey: string, profileId: string, nonce: string) =>
  `${profileId}.${createHmac('sha256', feedKey).update(`${profileId}${nonce}`).digest('base64url')}.ics`;

/** Feeds kept at most per process (a few hundred kB each at most: 300 events). */
const keptFeeds = 500;
/**
 * Whose a private feed is (app, account) and its token's nonce, kept in memory per profile: calendar apps ask
 * every hour. A new or revoked token (feed:<profile id>, migration 0032) and a change of the profile
 * (member:<app id>:<account id>, migration 0018) drop it in every instance.
 */
const feedOwners = createChangeCache<{ appId: string; accountId: string; nonce: string }>({
  tagsOf: (profileId, owner) => [`feed:${profileId}`, `member:${owner.appId}:${owner.accountId}`],
});

/** Windows whose events are kept: the apps whose feeds were asked for last. */
const keptWindows = 20;

export function createFeedService(deps: { db: Db; appBaseUrl: string; feedKey: string; now?: () => Date }) {
  const { db, appBaseUrl, feedKey } = deps;
  const now = deps.now ?? (() => new Date());
  const host = new URL(appBaseUrl).host;
  const urlsOf = (profileId: string, nonce: string) => {
    const https = `${appBaseUrl}/api/calendar/${feedTokenOf(feedKey, profileId, nonce)}`;
    return { webcalUrl: https.replace(/^https?:/, 'webcal:'), httpsUrl: https };
  };
  const ownProfile = (app: AppAccess) => {
    // Managers without a profile of their own (the project's team) have no member feed.
    if (!app.profile || app.masquerade !== null) {
      throw forbidden();
    }
    return app.profile.id;
  };

  const kept = new Map<string, { feed: Promise<KeptBody>; expiresAt: number }>();
  /**
   * Per window (app, version, hour): its events as the feeds write them and their VEVENTs, shared by the members'
   * feeds made in it, and when they were made.
   */
  type Window = { generatedAt: Date; events: Map<string, IcsEvent>; blocks: IcsBlocks };
  const windows = new Map<string, Window>();
  /**
   * A feed as made, kept for the hour under the app's events version (raised by every change of its events,
   * seats and attendees), with its compressed copies: calendar apps ask every hour and many members' apps at once,
   * and the file changes only with the events — or as the hour moves the 90-day and 30-day edges, which the hour
   * in the key covers. The members' feeds of one window (app, version, hour) share their events, and a feed asked
   * for again while it is being made is made once.
   */
  const feedOf = async (
    app: FeedApp,
    query: { freeOnly: boolean; profileId: string | null },
  ): Promise<KeptBody> => {
    const at = now().getTime();
    const window = [
      app.id,
      app.updatedAt.getTime(),
      await eventAppVersion(db, app.id),
      Math.floor(at / hourMs),
    ];
    const key = [...window, query.freeOnly, query.profileId].join('|');
    const hit = kept.get(key);
    if (hit && hit.expiresAt > at) {
      return hit.feed;
    }
    let shared = windows.get(window.join('|'));
    if (!shared) {
      shared = { generatedAt: new Date(at), events: new Map(), blocks: new Map() };
      windows.set(window.join('|'), shared);
      for (const oldest of windows.keys()) {
        if (windows.size <= keptWindows) {
          break;
        }
        windows.delete(oldest);
      }
    }
    const entry = { feed: makeFeed(app, query, shared).then(keptBodyOf), expiresAt: at + hourMs };
    kept.delete(key);
    kept.set(key, entry);
    for (const oldest of kept.keys()) {
      if (kept.size <= keptFeeds) {
        break;
      }
      kept.delete(oldest);
    }
    // A feed that could not be made is not kept: the next ask tries again.
    entry.feed.catch(() => kept.get(key) === entry && kept.delete(key));
    return entry.feed;
  };

  const makeFeed = async (
    app: FeedApp,
    query: { freeOnly: boolean; profileId: string | null },
    shared: Window,
  ) => {
    const at = now();
    const ids = await repo.feedEventIds(db, {
      appId: app.id,
      now: at,
      endedSince: new Date(at.getTime() - feedLimits.endedDays * dayMs),
      deletedSince: new Date(at.getTime() - feedLimits.cancelledDays * dayMs),
      limit: feedLimits.events,
      ...query,
    });
    const missing = ids.filter((id) => !shared.events.has(id));
    const { rows, overrides } = await repo.eventsByIds(db, missing);
    for (const row of rows) {
      shared.events.set(row.id, icsEventOf(appBaseUrl, app, row, overrides.get(row.id) ?? []));
    }
    return calendarFeed(
      {
        name: app.name,
        host,
        generatedAt: shared.generatedAt,
        events: ids.flatMap((id) => shared.events.get(id) ?? []),
      },
      shared.blocks,
    );
  };

  return {
    /** The caller's private feed URLs in this app, or null when they have none (never made, or revoked). */
    async show(app: AppAccess) {
      const nonce = await repo.findFeedNonce(db, ownProfile(app));
      return nonce === undefined ? null : urlsOf(app.profile!.id, nonce);
    },

    /** A new URL: the first one, or a replacement that ends the old one. */
    async rotate(app: AppAccess) {
      const profileId = ownProfile(app);
      const nonce = randomBytes(16).toString('base64url');
      await repo.saveFeedNonce(db, profileId, nonce);
      return urlsOf(profileId, nonce);
    },

    async revoke(app: AppAccess): Promise<void> {
      await repo.deleteFeedNonce(db, ownProfile(app));
    },

    /**
     * `GET /api/calendar/{token}`: the member's feed, as they would see the events now (a blocked member, a
     * member who left, a switched-off service: 404). 404 for a token that is malformed, forged or revoked.
     */
    async memberFeed(token: string): Promise<KeptBody> {
      const match = tokenPattern.exec(token);
      const owner = match
        ? await feedOwners.read(db, match[1]!, () => repo.findFeedOwner(db, match[1]!))
        : undefined;
      if (!match || !owner || !constantTimeEqual(token, feedTokenOf(feedKey, match[1]!, owner.nonce))) {
        throw notFound();
      }
      const app = await loadAppAccess(
        db,
        { kind: 'account', accountId: owner.accountId, sessionId: null },
        owner.appId,
      );
      const profileId = app.profile?.id;
      if (profileId === undefined || profileId !== match[1]) {
        throw notFound();
      }
      const { actor } = eventsViewOf(app);
      return feedOf(app.app, { freeOnly: !readsEventAccess(actor, 'auth'), profileId });
    },

    /** The app's public feed: its free events, for whoever a guest is (404 when guests do not see events). */
    async publicFeed(appId: string): Promise<KeptBody> {
      const app = await loadAppAccess(db, { kind: 'anonymous' }, appId);
      eventsViewOf(app);
      return feedOf(app.app, { freeOnly: true, profileId: null });
    },

    /** One event's file (the whole series), for whoever may view it. */
    async eventFile(app: FeedApp, event: EventRow): Promise<string> {
      const overrides = await repo.overridesOf(db, [event]);
      return eventFile(icsEventOf(appBaseUrl, app, event, overrides.get(event.id) ?? []), {
        host,
        generatedAt: now(),
      });
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;

/** The place of an event or occurrence: the address in person, the link online. */
function placeOf(type: EventRow['eventType'], address: string | null, link: string | null) {
  return {
    location: type === 'person' ? address : type === 'virtual' ? link : null,
    url: type === 'virtual' && link && /^https?:\/\/\S+$/i.test(link) ? link : null,
  };
}

function changesOf(event: EventRow, changes: OccurrenceChanges): IcsChanges {
  const type = changes.eventType ?? event.eventType;
  const place = placeOf(
    type,
    changes.inPersonLocation !== undefined ? changes.inPersonLocation : event.inPersonLocation,
    changes.virtualLocationUrl !== undefined ? changes.virtualLocationUrl : event.virtualLocationUrl,
  );
  return {
    ...(changes.name !== undefined && { summary: changes.name }),
    ...(changes.description !== undefined && { description: changes.description }),
    ...(changes.eventType !== undefined ||
    changes.inPersonLocation !== undefined ||
    changes.virtualLocationUrl !== undefined
      ? place
      : {}),
  };
}

/** A stored event as the calendar files write it: the series with its EXDATEs and overrides. */
export function icsEventOf(
  appBaseUrl: string,
  app: FeedApp,
  event: EventRow,
  overrides: readonly OverrideRow[],
): IcsEvent {
  const series = seriesOf(event, overrides);
  const page = eventPageUrl(appBaseUrl, app, event, event.startsLocal).replace(/\?.*$/, '');
  const place = placeOf(event.eventType, event.inPersonLocation, event.virtualLocationUrl);
  return {
    id: event.id,
    sequence: event.sequence,
    status: event.deletedAt === null ? 'confirmed' : 'cancelled',
    summary: event.name,
    description: [event.descriptionText, page].filter((text) => text !== '').join('\n\n'),
    location: place.location,
    url: place.url ?? page,
    updatedAt: event.updatedAt,
    series: {
      ...series,
      overrides: series.overrides.map(({ changes, ...override }): Override<IcsChanges> =>
        changes ? { ...override, changes: changesOf(event, changes) } : override,
      ),
    } satisfies Series<IcsChanges>,
  };
}
