import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  contacts,
  memberImports,
  profileTags,
  profiles,
  tags,
  tasks,
} from '../../db/schema/index.ts';

/*
 * Queries of the members import. Lookups and inserts go in chunks of `batchSize` rows: one statement per
 * chunk keeps 10,000 rows to a few dozen round trips and stays far below PostgreSQL's parameter limit.
 */

export const batchSize = 500;

export type MemberImportRow = typeof memberImports.$inferSelect;
/** What the route stores with the CSV for the job. */
export type MemberImportOptions = {
  tagIds: string[];
  isInvited: boolean;
  /** `${protocol}://${publicDomain}/${slug}/auth/join/`: the invitation links of this import start so. */
  joinLinkBase: string;
  inviterName: string;
};

/**
 * Runs `work` chunk by chunk and lets the event loop breathe in between: the embedded database answers
 * synchronously, so without it a long import would hold up every HTTP request of the process.
 */
export async function forEachChunk<T>(
  items: readonly T[],
  work: (chunk: T[]) => Promise<void>,
): Promise<void> {
  for (const chunk of chunks(items)) {
    await work(chunk);
    await yieldToEventLoop();
  }
}

export function chunks<T>(items: readonly T[], size = batchSize): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    result.push(items.slice(index, index + size));
  }
  return result;
}

export async function insertMemberImport(
  db: DbOrTx,
  values: typeof memberImports.$inferInsert & { options: MemberImportOptions },
): Promise<void> {
  await db.insert(memberImports).values(values);
}

export async function findMemberImportByTask(
  db: DbOrTx,
  taskId: string,
): Promise<(MemberImportRow & { options: MemberImportOptions }) | undefined> {
  const [row] = await db.select().from(memberImports).where(eq(memberImports.taskId, taskId));
  return row as (MemberImportRow & { options: MemberImportOptions }) | undefined;
}

export async function findErrorReport(
  db: DbOrTx,
  appId: string,
  taskId: string,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ errorReport: memberImports.errorReport })
    .from(memberImports)
    .where(and(eq(memberImports.appId, appId), eq(memberImports.taskId, taskId)));
  return row ? row.errorReport : undefined;
}

export async function setErrorReport(db: DbOrTx, id: string, report: string): Promise<void> {
  await db
    .update(memberImports)
    .set({ errorReport: report, updatedAt: sql`now()` })
    .where(eq(memberImports.id, id));
}

/**
 * The task row, locked until the transaction ends: a second run of the same job waits here. `now` is the
 * transaction's timestamp, the `created_at` of every row it inserts by default.
 */
export async function lockTask(db: DbOrTx, taskId: string) {
  const [row] = await db
    .select({ status: tasks.status, result: tasks.result, now: sql<string>`now()::text` })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .for('update');
  return row;
}

/** Live accounts by lower-case address. */
export async function findAccountsByEmails(
  db: DbOrTx,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  await forEachChunk(emails, async (chunk) => {
    const rows = await db
      .select({ id: accounts.id, email: sql<string>`lower(${accounts.email})` })
      .from(accounts)
      .where(and(inArray(sql`lower(${accounts.email})`, chunk), isNull(accounts.deletedAt)));
    for (const row of rows) {
      found.set(row.email, row.id);
    }
  });
  return found;
}

/** The accounts among `accountIds` that already have a live profile in the app. */
export async function findMemberAccountIds(
  db: DbOrTx,
  appId: string,
  accountIds: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  await forEachChunk(accountIds, async (chunk) => {
    const rows = await db
      .select({ accountId: profiles.accountId })
      .from(profiles)
      .where(and(eq(profiles.appId, appId), inArray(profiles.accountId, chunk), isNull(profiles.deletedAt)));
    for (const row of rows) {
      found.add(row.accountId);
    }
  });
  return found;
}

/** The addresses among `emails` the project already knows as contacts. */
export async function findContactEmails(
  db: DbOrTx,
  projectId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  await forEachChunk(emails, async (chunk) => {
    const rows = await db
      .select({ email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.projectId, projectId), inArray(contacts.email, chunk)));
    for (const row of rows) {
      found.add(row.email);
    }
  });
  return found;
}

/** The app's tags by lower-case name. */
export async function findTagIdsByNames(
  db: DbOrTx,
  appId: string,
  lowerNames: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  await forEachChunk(lowerNames, async (chunk) => {
    const rows = await db
      .select({ id: tags.id, name: sql<string>`lower(${tags.name})` })
      .from(tags)
      .where(and(eq(tags.appId, appId), inArray(sql`lower(${tags.name})`, chunk)));
    for (const row of rows) {
      found.set(row.name, row.id);
    }
  });
  return found;
}

export async function insertTags(db: DbOrTx, values: (typeof tags.$inferInsert)[]): Promise<void> {
  await forEachChunk(values, async (chunk) => {
    await db.insert(tags).values(chunk).onConflictDoNothing();
  });
}

/*
 * The bulk inserts send each chunk as one JSON parameter read by json_to_recordset: one short statement per
 * chunk instead of a VALUES list with thousands of parameters (several times faster, above all on PGlite).
 */
const asJson = (rows: readonly object[]) => JSON.stringify(rows);

/** Placeholder accounts (no password, address not proven) in the app's language. */
export async function insertAccounts(
  db: DbOrTx,
  rows: readonly { id: string; email: string; firstName: string; lastName: string }[],
  language: 'de' | 'en',
): Promise<void> {
  await forEachChunk(rows, async (chunk) => {
    await db.execute(sql`
      insert into ${accounts} (id, email, first_name, last_name, language)
      select id, email, "firstName", "lastName", ${language}
      from json_to_recordset(${asJson(chunk)}::json) as x(id uuid, email text, "firstName" text, "lastName" text)`);
  });
}

export async function insertProfiles(
  db: DbOrTx,
  scope: { projectId: string; appId: string },
  rows: readonly { id: string; accountId: string }[],
  type: 'invited' | 'member',
): Promise<void> {
  await forEachChunk(rows, async (chunk) => {
    await db.execute(sql`
      insert into ${profiles} (id, project_id, app_id, account_id, type)
      select id, ${scope.projectId}::uuid, ${scope.appId}::uuid, "accountId", ${type}
      from json_to_recordset(${asJson(chunk)}::json) as x(id uuid, "accountId" uuid)`);
  });
}

export async function insertProfileTags(
  db: DbOrTx,
  scope: { projectId: string; appId: string },
  rows: readonly { profileId: string; tagId: string }[],
): Promise<void> {
  await forEachChunk(rows, async (chunk) => {
    await db.execute(sql`
      insert into ${profileTags} (project_id, app_id, profile_id, tag_id)
      select ${scope.projectId}::uuid, ${scope.appId}::uuid, "profileId", "tagId"
      from json_to_recordset(${asJson(chunk)}::json) as x("profileId" uuid, "tagId" uuid)
      on conflict do nothing`);
  });
}

/** Like `ensureContact` for many addresses: the first source stays, a later account id fills in. */
export async function upsertContacts(
  db: DbOrTx,
  projectId: string,
  rows: readonly { id: string; email: string; accountId: string }[],
  source: 'import',
): Promise<void> {
  await forEachChunk(rows, async (chunk) => {
    await db.execute(sql`
      insert into ${contacts} (id, project_id, email, account_id, source)
      select id, ${projectId}::uuid, email, "accountId", ${source}
      from json_to_recordset(${asJson(chunk)}::json) as x(id uuid, email text, "accountId" uuid)
      on conflict (project_id, email) do update
        set account_id = coalesce(${contacts}.account_id, excluded.account_id)`);
  });
}

export type ImportedInvitee = {
  profileId: string;
  email: string;
  firstName: string;
  lastName: string;
  language: 'de' | 'en';
};

/** The invited profiles an import's transaction created (same `created_at`), in a stable order. */
export async function findImportedInvitees(
  db: DbOrTx,
  appId: string,
  committedAt: string,
): Promise<ImportedInvitee[]> {
  return db
    .select({
      profileId: profiles.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      language: accounts.language,
    })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(
      and(
        eq(profiles.appId, appId),
        eq(profiles.type, 'invited'),
        isNull(profiles.deletedAt),
        sql`${profiles.createdAt} = ${committedAt}::timestamptz`,
      ),
    )
    .orderBy(asc(profiles.id));
}
