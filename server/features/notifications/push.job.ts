import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../../contracts/notifications.ts';
import { notificationActionOfType } from '../../../contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { detailLine, notificationSentence } from './notification-texts.ts';
import type { PushJobData } from './notifier.ts';
import { dueColumns, dueJoins, itemAddresses, jsonOf, rows, type Due } from './outgoing-items.ts';
import type { PushSender } from './push.ts';

/*
 * Push messages of new notification items (issue 16), in the worker: only for items still unread, to people
 * who take push for the item's action and have no open socket in the app (an open app shows the badge itself).
 */

function wantsPush(row: Due): boolean {
  const action = notificationActionOfType[row.type as NotificationType];
  return row.is_push_enabled && (action === null || jsonOf<string[]>(row.push_actions).includes(action));
}

export function pushJob(deps: { db: Db; realtime: Realtime; push: PushSender }): JobDefinition<PushJobData> {
  const { db, realtime, push } = deps;
  // The message opens a path of the app's own origin (the service worker resolves it).
  const { linkOf, factsOf } = itemAddresses('');
  return {
    name: 'notifications.push',
    handler: async (data) => {
      if (data.ids.length === 0) {
        return;
      }
      const items = await rows<Due>(
        db,
        sql`select ${dueColumns} from notifications n ${dueJoins}
          where n.id = any(${`{${data.ids.join(',')}}`}::uuid[]) and n.read_at is null`,
      );
      for (const row of items.filter(wantsPush)) {
        if (await realtime.isOccupied(`profile:${row.profile_id}`)) {
          continue;
        }
        const facts = factsOf(row);
        // The second line (a chat message's excerpt, a moderator's reason) as the mail has it.
        const body = [notificationSentence(facts, row.language), detailLine(facts, row.language)];
        await push.sendToProfile(row.profile_id, {
          title: row.app_name,
          body: body.filter((line) => line !== null).join('\n'),
          url: linkOf(row),
          tag: row.id,
        });
      }
    },
  };
}
