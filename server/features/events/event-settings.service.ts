import type { EventSettings, EventSettingsPatchBody } from '../../../contracts/events.ts';
import { eventSettingsOf } from '../../../contracts/events.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppAccess } from '../workspace/public.ts';
import { saveEventSettings } from './event-settings.repo.ts';

/**
 * settings/events (an addition: `GET|PATCH /apps/{appId}/event-settings`, beside the chat's `chat-settings`): who
 * besides the app's admins creates events, and the defaults the event editor starts from. Read by whoever may
 * create events, changed with the app's `edit` (ROUTE-97).
 */
export function createEventSettingsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    read: (app: AppAccess): EventSettings => eventSettingsOf(app.app.serviceSettings.events),

    async update(app: AppAccess, body: EventSettingsPatchBody): Promise<EventSettings> {
      const saved = await saveEventSettings(db, app.app, body);
      if (!saved) {
        throw notFound();
      }
      return saved;
    },
  };
}

export type EventSettingsService = ReturnType<typeof createEventSettingsService>;
