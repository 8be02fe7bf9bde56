import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { platformSecrets } from '../db/schema/index.ts';

/**
 * A deployment-wide secret generated once and kept in the database, so every web instance shares it and
 * restarts keep sessions valid, without an extra setting for the embedded mode.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(platformSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: platformSecrets.name });
  const [row] = await db
    .select({ value: platformSecrets.value })
    .from(platformSecrets)
    .where(eq(platformSecrets.name, name));
  if (!row) {
    throw new Error(`secret ${name} could not be stored`);
  }
  return row.value;
}
