import { z } from 'zod';

/** `GET /router?url=` (AUTH-20): which app (and later which entity) an address shows. */
export const routerQuerySchema = z.object({ url: z.string().min(1).max(2000) });

export const routerAppSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  publicDomain: z.string(),
  defaultServiceSlug: z.string(),
  language: z.enum(['de', 'en']),
  /** The caller's app abilities (spec §6); the workspace issue's permission engine widens this list. */
  permissions: z.object({ can: z.array(z.string()) }),
});
export type RouterApp = z.infer<typeof routerAppSchema>;

/** Entities (post, space, event …) join `type` as their features arrive; today an address resolves to its app. */
export const routerResultSchema = z.object({
  type: z.enum(['app']),
  entity: z.null(),
  app: routerAppSchema,
});
export type RouterResult = z.infer<typeof routerResultSchema>;
