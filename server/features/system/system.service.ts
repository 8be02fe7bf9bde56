import type { Health } from '../../../contracts/platform.ts';
import type { Database } from '../../db/client.ts';

const startedAt = Date.now();
const probeTimeoutMs = 2_000;

/** Asks the database for `select 1`; a failure or a probe slower than 2 s reports it down. */
export async function checkHealth(database: Database, version: string): Promise<Health> {
  const started = performance.now();
  let up = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.sql.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('health probe timed out')), probeTimeoutMs);
      }),
    ]);
    up = true;
  } catch {
    up = false;
  } finally {
    clearTimeout(timer);
  }
  return {
    status: up ? 'ok' : 'degraded',
    database: {
      status: up ? 'up' : 'down',
      driver: database.driver,
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
    },
    version,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  };
}
