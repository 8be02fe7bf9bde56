import { eq, sql } from 'drizzle-orm';
import { eventDefaults } from '../../../contracts/constants.ts';
import type { EventSettings } from '../../../contracts/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { eventSettings } from '../../db/schema/index.ts';

/** settings/events of one app: who creates events and the editor's defaults (issue 18). */

export type EventSettingsRow = typeof eventSettings.$inferSelect;

/** The answer of a row, or of the defaults when the app never saved its settings. */
export const eventSettingsOfRow = (row: EventSettingsRow | undefined): EventSettings => ({
  creators: row?.creators ?? 'admins',
  defaultDurationInSeconds: row?.defaultDurationSeconds ?? 3600,
  defaultParticipantsNumberLimit:
    row === undefined ? eventDefaults.participantsNumberLimit : row.defaultParticipantsLimit,
  defaultReminderOffsetsInSeconds: row?.defaultReminderOffsets ?? [86_400, 3_600],
  isEmailConfirmationEnabledByDefault: row?.isConfirmationEnabledByDefault ?? true,
});

export async function eventSettingsOf(db: DbOrTx, appId: string): Promise<EventSettings> {
  const [row] = await db.select().from(eventSettings).where(eq(eventSettings.appId, appId));
  return eventSettingsOfRow(row);
}

/** Saves the fields given (the rest keep their stored or default values) and answers the settings after it. */
export async function saveEventSettings(
  db: DbOrTx,
  appId: string,
  changes: Partial<Omit<EventSettingsRow, 'appId' | 'createdAt' | 'updatedAt'>>,
): Promise<EventSettings> {
  const [row] = await db
    .insert(eventSettings)
    .values({ appId, ...changes })
    .onConflictDoUpdate({ target: eventSettings.appId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return eventSettingsOfRow(row);
}
