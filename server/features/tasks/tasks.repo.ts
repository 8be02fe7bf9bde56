import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { TaskStatus, TaskType } from '../../../contracts/enums.ts';

export type TaskRow = typeof tasks.$inferSelect;

export async function insertTask(
  db: DbOrTx,
  values: { id: string; projectId: string; appId: string | null; createdBy: string; type: TaskType },
): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  return row!;
}

/** Tasks by id, limited to those one account started (the caller passes who is asking). */
export async function findTasksOfAccount(db: DbOrTx, accountId: string, ids: string[]): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(inArray(tasks.id, ids), eq(tasks.createdBy, accountId)))
    .orderBy(tasks.createdAt);
}

export async function updateRunningTask(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<TaskRow, 'progress' | 'status' | 'result' | 'error' | 'finishedAt'>>,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'running')))
    .returning();
  return row;
}

/** Running tasks whose worker stopped reporting: their process died. */
export async function markStaleTasksKilled(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .update(tasks)
    .set({
      status: 'killed' satisfies TaskStatus,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
      error: 'worker stopped',
    })
    .where(and(eq(tasks.status, 'running'), lt(tasks.updatedAt, before)))
    .returning({ id: tasks.id });
  return rows.length;
}
