import { z } from 'zod';

/**
 * `GET /timezones` (spec §7 "Account"). Apart from the account's forms (`account.ts`, which re-exports these)
 * because the account menu on every signed-in page loads its calls, and zod builds all of a module's schemas as
 * it loads.
 */
export const timezoneSchema = z.object({ tzCode: z.string(), utc: z.string() });
export type Timezone = z.infer<typeof timezoneSchema>;
export const timezoneListSchema = z.object({ data: z.array(timezoneSchema) });
