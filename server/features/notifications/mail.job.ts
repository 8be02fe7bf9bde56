import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  notificationActionOfType,
  notificationLimits,
  type NotificationType,
} from '../../../contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { detailLine, notificationSentence } from './notification-texts.ts';
import { pruneReadNotifications } from './notifications.repo.ts';
import { dueColumns, dueJoins, itemAddresses, jsonOf, rows, type Due } from './outgoing-items.ts';
import type { UnsubscribeLinks } from './unsubscribe.ts';

/*
 * Notification mails (issue 16). An item's mail waits for the hold (10 minutes) and goes only when the item is
 * still unread, the person takes mail for its action, and they have had fewer than 100 notification mails in
 * the last 24 hours; otherwise the item is marked `skipped`. The sweep runs every minute in the worker and
 * claims each item with a conditional update, so two workers never mail one item twice. Digests (daily or
 * weekly per person) list the unread items no mail has told of yet. Every mail carries a one-click
 * `List-Unsubscribe` (RFC 8058).
 */

const sweepBatch = 200;
const digestBatch = 100;
const digestItems = 10;
/** Read items are kept this long. */
const keepReadDays = 90;

export type NotificationMailDeps = {
  db: Db;
  mailer: Mailer;
  links: UnsubscribeLinks;
  /** The origin of app addresses (`https://apps.example.com`). */
  appBaseUrl: string;
  logger: Logger;
};

export function createNotificationMails(deps: NotificationMailDeps) {
  const { db, mailer, links, appBaseUrl, logger } = deps;

  const { appUrl, linkOf, logoOf, factsOf } = itemAddresses(appBaseUrl);

  /** List-Unsubscribe (RFC 2369) with its one-click POST (RFC 8058), and the page's address for the body. */
  async function unsubscribeOf(row: Due, scope: 'email' | 'digest') {
    const hash = await links.hashOf(row.profile_id, scope);
    return {
      page: `${appBaseUrl}/projects/${row.project_id}/unsubscribe/${hash}`,
      headers: {
        'List-Unsubscribe': `<${appBaseUrl}/api/unsubscribe/${hash}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /** Notification mails to this address in the last 24 hours. */
  async function mailsToday(email: string): Promise<number> {
    const [row] = await rows<{ count: number | string }>(
      db,
      sql`select count(*) as count from mail_outbox where to_address = ${email}
        and created_at > now() - interval '1 day' and template in ('notification', 'notification-digest')`,
    );
    return Number(row?.count ?? 0);
  }

  function wantsMail(row: Due): boolean {
    const action = notificationActionOfType[row.type as NotificationType];
    return row.is_email_enabled && (action === null || jsonOf<string[]>(row.email_actions).includes(action));
  }

  /** Marks the item; false when another worker (or an earlier run) decided it already. */
  async function claim(id: string, state: 'sent' | 'skipped'): Promise<boolean> {
    const changed = await rows<{ id: string }>(
      db,
      sql`update notifications set email_state = ${state} where id = ${id} and email_state = 'pending' returning id`,
    );
    return changed.length > 0;
  }

  async function mailItem(row: Due): Promise<'sent' | 'skipped'> {
    const sendable =
      row.read_at === null &&
      wantsMail(row) &&
      (await mailsToday(row.email)) < notificationLimits.mailsPerDay;
    if (!(await claim(row.id, sendable ? 'sent' : 'skipped')) || !sendable) {
      return 'skipped';
    }
    const facts = factsOf(row);
    const unsubscribe = await unsubscribeOf(row, 'email');
    try {
      const detail = detailLine(facts, row.language);
      await mailer.send({
        template: 'notification',
        params: {
          appName: row.app_name,
          sentence: notificationSentence(facts, row.language),
          link: linkOf(row),
          unsubscribeLink: unsubscribe.page,
          ...(detail ? { detail } : {}),
          ...(logoOf(row) ? { logoUrl: logoOf(row)! } : {}),
        },
        to: row.email,
        language: row.language,
        projectId: row.project_id,
        headers: unsubscribe.headers,
      });
      return 'sent';
    } catch (error) {
      // Not in the outbox: the next sweep tries again.
      await db.execute(sql`update notifications set email_state = 'pending' where id = ${row.id}`);
      throw error;
    }
  }

  return {
    /** Mails (or skips) the items whose hold has passed; answers how many went out. */
    async sweep(now = new Date()): Promise<number> {
      const holdEnd = new Date(now.getTime() - notificationLimits.emailHoldMinutes * 60_000);
      const due = await rows<Due>(
        db,
        sql`select ${dueColumns} from notifications n ${dueJoins}
          where n.email_state = 'pending' and n.created_at <= ${holdEnd.toISOString()}
          order by n.created_at limit ${sweepBatch}`,
      );
      // Items of deleted profiles never match the joins: they are skipped in one go.
      await db.execute(sql`update notifications n set email_state = 'skipped'
        where n.email_state = 'pending' and n.created_at <= ${holdEnd.toISOString()}
          and not exists (select 1 from profiles p where p.id = n.profile_id and p.deleted_at is null)`);
      let sent = 0;
      for (const row of due) {
        try {
          if ((await mailItem(row)) === 'sent') {
            sent += 1;
          }
        } catch (error) {
          logger.error({ err: error, notificationId: row.id }, 'notification mail not queued');
        }
      }
      return sent;
    },

    /**
     * Digests due now: people with a digest whose last one is a day (daily) or a week (weekly) old and who have
     * unread items no mail told of since. Answers how many went out.
     */
    async digests(now = new Date()): Promise<number> {
      const due = await rows<{
        profile_id: string;
        email_digest: 'daily' | 'weekly';
        last_digest_at: string | Date | null;
        since: string | Date;
      }>(
        db,
        sql`select c.profile_id, p.email_digest, c.last_digest_at,
            coalesce(c.last_digest_at, now() - interval '7 days') as since
          from notification_counters c join profiles p on p.id = c.profile_id
          where c.unread > 0 and p.deleted_at is null and p.is_email_enabled and p.email_digest <> 'off'
            and (c.last_digest_at is null or c.last_digest_at <= ${now.toISOString()}::timestamptz
              - case when p.email_digest = 'daily' then interval '1 day' else interval '7 days' end)
          limit ${digestBatch}`,
      );
      let sent = 0;
      for (const person of due) {
        try {
          if (await digestOf(person.profile_id, person.email_digest, person.last_digest_at, person.since)) {
            sent += 1;
          }
        } catch (error) {
          logger.error({ err: error, profileId: person.profile_id }, 'notification digest not queued');
        }
      }
      return sent;
    },

    prune: () => pruneReadNotifications(db, keepReadDays),
  };

  async function digestOf(
    profileId: string,
    period: 'daily' | 'weekly',
    lastDigestAt: string | Date | null,
    since: string | Date,
  ): Promise<boolean> {
    // Claim the period first (the time read before is still there): a second worker finds the digest done.
    const claimed = await rows<{ profile_id: string }>(
      db,
      sql`update notification_counters set last_digest_at = now()
        where profile_id = ${profileId}
          and date_trunc('milliseconds', last_digest_at) is not distinct from ${lastDigestAt === null ? null : new Date(lastDigestAt).toISOString()}::timestamptz
        returning profile_id`,
    );
    if (claimed.length === 0) {
      return false;
    }
    const items = await rows<Due & { total: number | string }>(
      db,
      sql`select ${dueColumns}, count(*) over () as total from notifications n ${dueJoins}
        where n.profile_id = ${profileId} and n.read_at is null and n.email_state <> 'sent'
          and n.updated_at > ${new Date(since).toISOString()}::timestamptz
        order by n.updated_at desc limit ${digestItems}`,
    );
    const first = items[0];
    if (!first || (await mailsToday(first.email)) >= notificationLimits.mailsPerDay) {
      return false;
    }
    const unsubscribe = await unsubscribeOf(first, 'digest');
    await mailer.send({
      template: 'notification-digest',
      params: {
        appName: first.app_name,
        period,
        items: items.map((row) => ({
          text: notificationSentence(factsOf(row), row.language),
          link: linkOf(row),
        })),
        moreCount: Math.max(0, Number(first.total) - items.length),
        link: `${appUrl(first.app_slug)}/notifications`,
        unsubscribeLink: unsubscribe.page,
        ...(logoOf(first) ? { logoUrl: logoOf(first)! } : {}),
      },
      to: first.email,
      language: first.language,
      projectId: first.project_id,
      headers: unsubscribe.headers,
    });
    return true;
  }
}

export type NotificationMails = ReturnType<typeof createNotificationMails>;

/** The worker's minute: due mails; at the top of each hour digests, and once a day at 03:00 the pruning. */
export function notificationMailJob(mails: NotificationMails): JobDefinition<Record<string, never>> {
  return {
    name: 'notifications.mail',
    cron: '* * * * *',
    handler: async () => {
      await mails.sweep();
      const now = new Date();
      if (now.getUTCMinutes() === 0) {
        await mails.digests(now);
        if (now.getUTCHours() === 3) {
          await mails.prune();
        }
      }
    },
  };
}
