import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/language.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { notificationCounters, profiles } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { paramOf } from '../workspace/public.ts';

/*
 * Route scopes of the notification list: always the caller's own. The badge is read on every page, so the scope
 * is one indexed read (profile of the account in the app, with the account alive) and nothing else.
 */

export type OwnNotificationsAccess = {
  actor: Extract<Actor, { kind: 'account' }>;
  profileId: string;
  appId: string;
  /** The badge, read with the profile (the counters call is this one read). */
  unread: number;
};

export type NotificationItemAccess = OwnNotificationsAccess & { notificationId: string };

type Found = { profile_id: string; app_id: string; language: Language; unread?: number | null };

async function one(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Found | undefined> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Found[] }).rows[0];
}

const accountOf = (actor: Actor): Extract<Actor, { kind: 'account' }> => {
  if (actor.kind !== 'account') {
    throw unauthorized();
  }
  return actor;
};

const abilities = ['notification:view', 'notification:read'] as const;

// The badge is read on every page of every member, so this is as little as the health probe allows: a named
// statement (parsed and planned once per pooled connection) with two key lookups, the live profile by app and
// account and its counter. Like the platform's app access (workspace/access.ts) it trusts the access token for
// the account; a deleted account's sessions end with it.
const ownProfileWithBadge = preparedQuery((db) =>
  db
    .select({
      profileId: profiles.id,
      appId: profiles.appId,
      unread: notificationCounters.unread,
    })
    .from(profiles)
    .leftJoin(notificationCounters, eq(notificationCounters.profileId, profiles.id))
    .where(
      and(
        eq(profiles.appId, sql.placeholder('appId')),
        eq(profiles.accountId, sql.placeholder('accountId')),
        isNull(profiles.deletedAt),
      ),
    )
    .prepare('notifications_own_profile_with_badge'),
);

export function createNotificationScopes(db: DbOrTx) {
  return {
    /** The caller's live profile in the app of `:appId`; 404 without one (whether or not the app exists). */
    own(param = 'appId'): RouteScope<OwnNotificationsAccess> {
      return {
        label: `own-notifications(:${param})`,
        subjects: ['notification'],
        async resolve(request) {
          const actor = accountOf(request.actor);
          const [found] = await ownProfileWithBadge(db).execute({
            appId: paramOf(request, param),
            accountId: actor.accountId,
          });
          if (!found) {
            throw notFound();
          }
          return {
            actor,
            profileId: found.profileId,
            appId: found.appId,
            unread: found.unread ?? 0,
          };
        },
        abilities: () => abilities,
      };
    },

    /** One of the caller's items by `:id`; another person's item answers 404 like a missing one. */
    item(param = 'id'): RouteScope<NotificationItemAccess> {
      return {
        label: `own-notification(:${param})`,
        subjects: ['notification'],
        async resolve(request) {
          const actor = accountOf(request.actor);
          const id = paramOf(request, param);
          const found = await one(
            db,
            sql`select p.id as profile_id, p.app_id, coalesce(p.language, a.language) as language
              from notifications n join profiles p on p.id = n.profile_id join accounts a on a.id = p.account_id
              where n.id = ${id} and p.account_id = ${actor.accountId}
                and p.deleted_at is null and a.deleted_at is null`,
          );
          if (!found) {
            throw notFound();
          }
          return {
            actor,
            profileId: found.profile_id,
            appId: found.app_id,
            language: found.language,
            unread: Number(found.unread ?? 0),
            notificationId: id,
          };
        },
        abilities: () => abilities,
      };
    },
  };
}
