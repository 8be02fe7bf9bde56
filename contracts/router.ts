import { z } from 'zod';
import { appSchema, type App } from './apps.ts';

/** `GET /router?url=` (AUTH-20): which app (and later which entity) an address shows. */
export const routerQuerySchema = z.object({ url: z.string().min(1).max(2000) });

/** The full app (contracts/apps.ts), with the caller's app abilities in `permissions.can`. */
export const routerAppSchema = appSchema;
export type RouterApp = App;

/** Entities (post, space, event …) join `type` as their features arrive; today an address resolves to its app. */
export const routerResultSchema = z.object({
  type: z.enum(['app']),
  entity: z.null(),
  app: routerAppSchema,
});
export type RouterResult = z.infer<typeof routerResultSchema>;
