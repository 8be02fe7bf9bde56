import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailRow = Pick<
  typeof mailOutbox.$inferInsert,
  'id' | 'projectId' | 'template' | 'language' | 'toAddress' | 'fromAddress' | 'subject' | 'text' | 'html'
> &
  Partial<Pick<typeof mailOutbox.$inferInsert, 'headers'>>;

/** lastError is kept short: it is for an admin to read, not a stack dump. */
const maxErrorLength = 1000;

export async function insertMail(db: DbOrTx, values: NewMailRow): Promise<MailRow> {
  const [row] = await db.insert(mailOutbox).values(values).returning();
  return row!;
}

export async function findMail(db: DbOrTx, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

export async function markMailSent(db: DbOrTx, id: string, messageId: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      messageId,
      sentAt: sql`now()`,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(eq(mailOutbox.id, id));
}

/** Embedded mode: the mail stays in the outbox; nothing was attempted, so attempts is unchanged. */
export async function markMailStored(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'stored', updatedAt: sql`now()` })
    .where(eq(mailOutbox.id, id));
}

/** Counts a failed delivery; `final` when no retry follows, so the row shows it will not arrive. */
export async function recordMailFailure(
  db: DbOrTx,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      ...(final ? { status: 'failed' as const } : {}),
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, maxErrorLength),
      updatedAt: sql`now()`,
    })
    .where(eq(mailOutbox.id, id));
}

/** A mail that never reached the queue (enqueueing failed): it will not be delivered. */
export async function markMailUnqueued(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error.slice(0, maxErrorLength), updatedAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
}

/** Newest first; for tests and the admin outbox view. */
export async function listOutbox(db: DbOrTx, options: { to?: string; limit: number }): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(options.to === undefined ? undefined : eq(mailOutbox.toAddress, options.to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
}
