import { eq, sql } from 'drizzle-orm';
import {
  moderationSettingsDefaults,
  type ModerationSettings,
  type ModerationSettingsPatch,
} from '../../../contracts/moderation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createChangeCache } from '../../db/change-cache.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { moderationSettings } from '../../db/schema/index.ts';

/*
 * An app's moderation settings: only the values an owner changed are stored (`values`, jsonb); the rest are the
 * defaults of contracts/moderation.ts, so a default changed later reaches every app that kept it.
 */

const settingKeys = Object.keys(moderationSettingsDefaults) as (keyof ModerationSettings)[];

function withDefaults(stored: Partial<Record<string, unknown>> | undefined): ModerationSettings {
  const settings = { ...moderationSettingsDefaults };
  for (const key of settingKeys) {
    const value = stored?.[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) {
      settings[key] = value;
    }
  }
  return settings;
}

// Read on every post, comment and report: one primary-key lookup, prepared once per handle.
const storedSettings = preparedQuery((db) =>
  db
    .select({ values: moderationSettings.values })
    .from(moderationSettings)
    .where(eq(moderationSettings.appId, sql.placeholder('appId')))
    .prepare('moderation_settings_of_app'),
);

// Kept in memory per app, dropped when the app's settings change (migration 0022).
const storedCache = createChangeCache<{ values: Partial<Record<string, unknown>> | null }>({
  tagsOf: (appId) => [`moderation:${appId}`],
});

export async function moderationSettingsOf(db: DbOrTx, appId: string): Promise<ModerationSettings> {
  const stored = await storedCache.read(db, appId, async () => {
    const [row] = await storedSettings(db).execute({ appId });
    return { values: (row?.values as Partial<Record<string, unknown>> | undefined) ?? null };
  });
  return withDefaults(stored?.values ?? undefined);
}

/** Stores the changed values over the stored ones (one statement: two owners saving at once both count). */
export async function saveModerationSettings(
  db: DbOrTx,
  appId: string,
  patch: ModerationSettingsPatch,
): Promise<ModerationSettings> {
  const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const [row] = await db
    .insert(moderationSettings)
    .values({ appId, values })
    .onConflictDoUpdate({
      target: moderationSettings.appId,
      set: {
        values: sql`${moderationSettings.values} || excluded.values`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ values: moderationSettings.values });
  return withDefaults(row?.values);
}
