import { v7 as uuidv7 } from 'uuid';
import type { TaskStatus, TaskType } from '../../contracts/enums.ts';
import { tasks } from '../../server/db/schema/index.ts';
import type { SeedContext } from '../lib/types.ts';
import { randomBytes } from './project.ts';

export type TaskSeed = {
  accountCount: number;
  taskCount: number;
  /** The account the polling scenario signs in as. */
  pollAccountId: string;
  /** 20 of its task ids (its newest), as the client polls them. */
  pollTaskIds: string[];
};

type TaskInsert = typeof tasks.$inferInsert;

const accountCount = 200;
const taskCount = 10_000;
const pollBatch = 20;
const pollAccountTasks = 50;
const batchSize = 1_000;
const dayMs = 86_400_000;

const types: readonly (readonly [TaskType, number])[] = [
  ['import', 5],
  ['space_import', 2],
  ['event', 2],
];
const statuses: readonly (readonly [TaskStatus, number])[] = [
  ['completed', 85],
  ['failed', 7],
  ['killed', 2],
  ['running', 6],
];

/**
 * 10,000 tasks of 200 accounts in one project, spread over 90 days. The other accounts are skewed (a few importers
 * start most tasks); the poll account is an average one with 50 tasks, its 5 newest still running.
 */
export async function seedTasks({ db, random, project, log }: SeedContext): Promise<TaskSeed> {
  const now = Date.now();
  const accounts = Array.from({ length: accountCount }, () =>
    uuidv7({ msecs: now - 365 * dayMs, random: randomBytes(random) }),
  );
  const [pollAccountId, ...others] = accounts as [string, ...string[]];
  const rows: TaskInsert[] = [];
  for (let index = 0; index < taskCount; index++) {
    // The first 50 tasks go to the poll account; the rest favour the first other accounts (squared roll).
    const createdBy =
      index < pollAccountTasks ? pollAccountId : others[Math.floor(random.next() ** 2 * others.length)]!;
    rows.push(
      makeTask(
        random,
        project.projectId,
        random.pick(project.appIds),
        createdBy,
        now - random.int(0, 90 * dayMs),
      ),
    );
  }
  rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());

  const pollRows = rows.filter((row) => row.createdBy === pollAccountId).slice(-pollBatch);
  for (const row of pollRows.slice(-5)) {
    Object.assign(row, {
      status: 'running',
      progress: random.int(0, 99),
      finishedAt: null,
      result: null,
      error: null,
    });
  }

  for (let start = 0; start < rows.length; start += batchSize) {
    await db.insert(tasks).values(rows.slice(start, start + batchSize));
  }
  log(`tasks: ${rows.length} rows of ${accountCount} accounts`);
  return { accountCount, taskCount: rows.length, pollAccountId, pollTaskIds: pollRows.map((row) => row.id) };
}

function makeTask(
  random: SeedContext['random'],
  projectId: string,
  appId: string,
  createdBy: string,
  createdAtMs: number,
): TaskInsert {
  const status = random.weighted(statuses);
  const type = random.weighted(types);
  const runMs = random.int(500, 15 * 60_000);
  const createdAt = new Date(createdAtMs);
  const finishedAt = status === 'running' ? null : new Date(createdAtMs + runMs);
  const total = random.int(1, 5_000);
  return {
    id: uuidv7({ msecs: createdAtMs, random: randomBytes(random) }),
    projectId,
    appId: type === 'event' ? null : appId,
    createdBy,
    type,
    status,
    progress: status === 'completed' ? 100 : random.int(0, 99),
    result:
      status === 'completed'
        ? { total, imported: total - Math.floor(total * random.next() * 0.05), warnings: random.int(0, 20) }
        : null,
    error: status === 'failed' ? 'import.invalidFile' : status === 'killed' ? 'worker stopped' : null,
    createdAt,
    updatedAt: finishedAt ?? new Date(createdAtMs + random.int(0, runMs)),
    finishedAt,
  };
}
