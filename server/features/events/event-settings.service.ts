import type { EventSettings, EventSettingsPatchBody } from '../../../contracts/events.ts';
import type { Db } from '../../db/client.ts';
import type { AppAccess } from '../workspace/public.ts';
import { eventSettingsOf, saveEventSettings } from './event-settings.repo.ts';

/**
 * settings/events (an addition: `GET|PATCH /apps/{appId}/events/settings`): who besides the app's admins creates
 * events, and the defaults the event editor starts from. Read by whoever may create events, changed with the
 * app's `edit` (ROUTE-97).
 */
export function createEventSettingsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    read: (app: AppAccess): Promise<EventSettings> => eventSettingsOf(db, app.app.id),

    update: (app: AppAccess, body: EventSettingsPatchBody): Promise<EventSettings> =>
      saveEventSettings(db, app.app.id, {
        ...(body.creators !== undefined && { creators: body.creators }),
        ...(body.defaultDurationInSeconds !== undefined && {
          defaultDurationSeconds: body.defaultDurationInSeconds,
        }),
        ...(body.defaultParticipantsNumberLimit !== undefined && {
          defaultParticipantsLimit: body.defaultParticipantsNumberLimit,
        }),
        ...(body.defaultReminderOffsetsInSeconds !== undefined && {
          defaultReminderOffsets: [...new Set(body.defaultReminderOffsetsInSeconds)].sort((a, b) => b - a),
        }),
        ...(body.isEmailConfirmationEnabledByDefault !== undefined && {
          isConfirmationEnabledByDefault: body.isEmailConfirmationEnabledByDefault,
        }),
      }),
  };
}

export type EventSettingsService = ReturnType<typeof createEventSettingsService>;
