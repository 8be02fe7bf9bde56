import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactSource = 'signup' | 'invitation' | 'invite_link' | 'import' | 'team' | 'owner';

/**
 * Records that the project knows this person (spec Contact). Idempotent per project and address: the first
 * source is kept, a later account id fills in. Call wherever a profile or team membership is created.
 */
export async function ensureContact(
  db: DbOrTx,
  values: { projectId: string; email: string; accountId: string | null; source: ContactSource },
): Promise<void> {
  await db
    .insert(contacts)
    .values({
      id: newId(),
      projectId: values.projectId,
      email: values.email.toLowerCase(),
      accountId: values.accountId,
      source: values.source,
    })
    .onConflictDoUpdate({
      target: [contacts.projectId, contacts.email],
      set: { accountId: sql`coalesce(${contacts.accountId}, excluded.account_id)` },
    });
}

export async function findContactInProject(
  db: DbOrTx,
  projectId: string,
  contactId: string,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.projectId, projectId), eq(contacts.id, contactId)));
  return row;
}
