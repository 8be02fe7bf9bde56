import { z } from 'zod';

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /api/client-config`: what the SPA needs to know before it renders (hosts, languages). */
export const clientConfigSchema = z.object({
  serviceHost: z.string(),
  publicDomain: z.string(),
  defaultLanguage: z.enum(['de', 'en']),
  languages: z.array(z.enum(['de', 'en'])),
  version: z.string(),
  /** Whether the GIF panel works (the server has a GIF provider key); without it the panel stays hidden. */
  gifs: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
