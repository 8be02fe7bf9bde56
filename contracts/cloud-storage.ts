import { z } from 'zod';

/**
 * `GET /projects/{projectId}/cloud/storage`: the library's usage against its quota. Apart from the library's
 * contracts (`cloud.ts`) because the projects' screens show it too, and zod builds all of a module's schemas as
 * it loads.
 */
export const cloudStorageSchema = z.object({
  data: z.object({
    /**
     * `project`: every person's files against the project's quota (the project's team); `own`: the caller's
     * files against a member's share of the tariff (app members never learn the project's totals).
     */
    scope: z.enum(['project', 'own']),
    usedBytes: z.number().int().min(0),
    /** -1 = unlimited. */
    limitBytes: z.number().int().min(-1),
    filesCount: z.number().int().min(0),
    byType: z.object({
      image: z.number().int().min(0),
      video: z.number().int().min(0),
      audio: z.number().int().min(0),
      other: z.number().int().min(0),
    }),
  }),
});
