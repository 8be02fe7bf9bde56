import type { EventSettings, EventSettingsPatchBody } from '../../../contracts/events.ts';
import { eventSettingsOf } from '../../../contracts/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { mergeServiceSettings } from '../apps/public.ts';

/*
 * settings/events of one app (issue 18): who creates events and the editor's defaults. Kept in the app's
 * `service_settings.events` as the chat keeps its settings, so the app's access engine reads `creators` from the
 * row it loads anyway and `create_event` is in the app's `permissions.can` for whoever the settings allow.
 */

/** Merges the sent fields into the stored ones in one statement; undefined when the app is gone. */
export async function saveEventSettings(
  db: DbOrTx,
  app: { projectId: string; id: string },
  body: EventSettingsPatchBody,
): Promise<EventSettings | undefined> {
  const values: Partial<EventSettings> = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  );
  if (values.defaultReminderOffsetsInSeconds) {
    values.defaultReminderOffsetsInSeconds = [...new Set(values.defaultReminderOffsetsInSeconds)].sort(
      (a, b) => b - a,
    );
  }
  const row = await mergeServiceSettings(db, app.projectId, app.id, 'events', values);
  return row ? eventSettingsOf(row.serviceSettings.events) : undefined;
}
