import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors.ts';
import { importTaskError } from '../../../contracts/members.ts';
import type { Db, Tx } from '../../db/client.ts';
import { apps, tasks as tasksTable } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { memberQueues } from './members.queues.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { lockProject } from '../apps/public.ts';
import { assertWithinQuota } from '../projects/public.ts';
import { ensureDefaultTags } from '../tags/public.ts';
import { createTaskService, updateRunningTask } from '../tasks/public.ts';
import { parseCsv } from './csv.ts';
import type { MemberImportJobData } from './import.service.ts';
import * as importRepo from './import.repo.ts';
import { checkImport, errorReportCsv, invalidRowCount, type ImportRow } from './import-rows.ts';
import { issueInvitation, mailInvitation, mailLogoUrl } from './invitation-mail.ts';

/*
 * The members import job (`members.import`). Progress: reading and checking the file and finding who is new
 * 0–40 %, the insert 40–90 % (100 % when nobody is to be mailed), the invitation mails 90–100 %. The insert is
 * one transaction, so other connections see its progress only at the commit.
 *
 * Everything is inserted in ONE transaction, which also writes the task's commit marker (`committedAt`, the
 * transaction's timestamp). A run after a crash therefore finds either that marker — and only finishes the
 * mails — or nothing at all. The mails go out after the commit in batches; each batch issues fresh
 * invitation tokens and records how many are done, so a crash repeats at most one batch.
 */

const mailBatchSize = 100;
const importRetryLimit = memberQueues['members.import'].retryLimit;

type CommitMarker = { imported: number; skipped: number; committedAt: string; mailed: number };
type StoredImport = importRepo.MemberImportRow & { options: importRepo.MemberImportOptions };
type AppRow = typeof apps.$inferSelect;
type ImportPlan = {
  toImport: ImportRow[];
  /** Accounts that exist already, by lower-case address. */
  accountIds: Map<string, string>;
  skipped: number;
  newContacts: number;
};

function isCommitMarker(result: Record<string, unknown> | null | undefined): result is CommitMarker {
  return typeof result?.committedAt === 'string';
}

export function memberImportJob(deps: { db: Db; mailer: Mailer }): JobDefinition<MemberImportJobData> {
  const { db, mailer } = deps;
  const tasks = createTaskService({ db });

  const findTask = async (taskId: string) => {
    const [row] = await db.select().from(tasksTable).where(eq(tasksTable.id, taskId));
    return row;
  };

  async function run(taskId: string): Promise<void> {
    const task = await findTask(taskId);
    if (!task || task.status !== 'running') {
      return;
    }
    const memberImport = await importRepo.findMemberImportByTask(db, taskId);
    const [app] = memberImport ? await db.select().from(apps).where(eq(apps.id, memberImport.appId)) : [];
    if (!memberImport || !app) {
      await tasks.fail(taskId, 'IMPORT_NOT_FOUND');
      return;
    }
    if (!isCommitMarker(task.result)) {
      const marker = await validateAndInsert(memberImport, app);
      if (!marker) {
        return;
      }
      task.result = marker;
    }
    await sendInvitations(memberImport, app, task.result as CommitMarker);
  }

  /** Reads and checks the file, then inserts everything; null when the task ended here (or elsewhere). */
  async function validateAndInsert(memberImport: StoredImport, app: AppRow): Promise<CommitMarker | null> {
    const { taskId } = memberImport;
    const defaults = await ensureDefaultTags(db, app);
    const document = parseCsv(memberImport.csv);
    await tasks.reportProgress(taskId, 5);
    const reserved = new Set(
      ['blocked', 'punished', defaults.blocked.name, defaults.punished.name].map((name) =>
        name.toLowerCase(),
      ),
    );
    const checked = checkImport(document, reserved);
    await tasks.reportProgress(taskId, 15);
    if (checked.errors.length > 0) {
      // The report first: whoever sees the task fail can download it at once.
      await importRepo.setErrorReport(db, memberImport.id, errorReportCsv(checked.errors));
      await tasks.fail(taskId, importTaskError, {
        invalidRows: invalidRowCount(checked.errors),
        totalRows: checked.totalRows,
      });
      return null;
    }
    const plan = await planImport(memberImport, app, checked.rows);
    try {
      return await db.transaction((tx) => insertRows(tx, memberImport, app, plan));
    } catch (error) {
      if (error instanceof AppError && error.code === errorCodes.quotaExceeded) {
        await tasks.fail(taskId, errorCodes.quotaExceeded, error.details ?? null);
        return null;
      }
      throw error;
    }
  }

  /**
   * Who is new (15–40 %): existing accounts are reused, members already in the app skipped. Read before the
   * transaction so its progress shows; a person who signs up meanwhile makes the insert hit a unique index,
   * and the retried job then finds them.
   */
  async function planImport(memberImport: StoredImport, app: AppRow, rows: ImportRow[]): Promise<ImportPlan> {
    const { taskId } = memberImport;
    const step = (done: number, of: number) =>
      tasks.reportProgress(memberImport.taskId, 15 + (25 * done) / of);
    const accountIds = new Map<string, string>();
    const emails = rows.map((row) => row.email);
    const emailChunks = importRepo.chunks(emails);
    for (const [index, chunk] of emailChunks.entries()) {
      for (const [email, id] of await importRepo.findAccountsByEmails(db, chunk)) {
        accountIds.set(email, id);
      }
      await step(index + 1, emailChunks.length * 3);
    }
    const members = await importRepo.findMemberAccountIds(db, app.id, [...accountIds.values()]);
    await step(2, 3);
    const toImport = rows.filter((row) => {
      const accountId = accountIds.get(row.email);
      return !(accountId && members.has(accountId));
    });
    const knownContacts = await importRepo.findContactEmails(
      db,
      app.projectId,
      toImport.map((row) => row.email),
    );
    await tasks.reportProgress(taskId, 40);
    return {
      toImport,
      accountIds,
      skipped: rows.length - toImport.length,
      newContacts: toImport.filter((row) => !knownContacts.has(row.email)).length,
    };
  }

  async function insertRows(
    tx: Tx,
    memberImport: StoredImport,
    app: AppRow,
    plan: ImportPlan,
  ): Promise<CommitMarker | null> {
    const { taskId, options } = memberImport;
    const locked = await importRepo.lockTask(tx, taskId);
    if (!locked || locked.status !== 'running' || isCommitMarker(locked.result)) {
      // Another run got here first (it committed, or the task ended meanwhile).
      return null;
    }
    const { toImport, accountIds } = plan;
    const scope = { projectId: app.projectId, appId: app.id };
    if (plan.newContacts > 0) {
      await lockProject(tx, app.projectId);
      await assertWithinQuota(tx, app.projectId, 'contacts', plan.newContacts);
    }

    // Tags named in the file: unknown names become tags of the app (first spelling wins).
    const tagNames = new Map<string, string>();
    for (const row of toImport) {
      for (const name of row.tags) {
        if (!tagNames.has(name.toLowerCase())) {
          tagNames.set(name.toLowerCase(), name);
        }
      }
    }
    let tagIds = await importRepo.findTagIdsByNames(tx, app.id, [...tagNames.keys()]);
    const missingTags = [...tagNames].filter(([key]) => !tagIds.has(key));
    if (missingTags.length > 0) {
      await importRepo.insertTags(
        tx,
        missingTags.map(([, name]) => ({ id: newId(), ...scope, name })),
      );
      tagIds = await importRepo.findTagIdsByNames(tx, app.id, [...tagNames.keys()]);
    }

    const newAccounts = toImport
      .filter((row) => !accountIds.has(row.email))
      .map((row) => ({ id: newId(), email: row.email, firstName: row.firstName, lastName: row.lastName }));
    await importRepo.insertAccounts(tx, newAccounts, app.language);
    const accountOf = new Map(accountIds);
    for (const account of newAccounts) {
      accountOf.set(account.email, account.id);
    }

    const profileRows = toImport.map((row) => ({ id: newId(), accountId: accountOf.get(row.email)! }));
    await importRepo.insertProfiles(tx, scope, profileRows, options.isInvited ? 'invited' : 'member');
    await importRepo.insertProfileTags(
      tx,
      scope,
      toImport.flatMap((row, index) => {
        const ids = new Set([
          ...options.tagIds,
          ...row.tags.flatMap((name) => tagIds.get(name.toLowerCase()) ?? []),
        ]);
        return [...ids].map((tagId) => ({ profileId: profileRows[index]!.id, tagId }));
      }),
    );
    await importRepo.upsertContacts(
      tx,
      app.projectId,
      toImport.map((row) => ({ id: newId(), email: row.email, accountId: accountOf.get(row.email)! })),
      'import',
    );

    const marker: CommitMarker = {
      imported: toImport.length,
      skipped: plan.skipped,
      committedAt: locked.now,
      mailed: 0,
    };
    const mailsFollow = options.isInvited && toImport.length > 0;
    await updateRunningTask(
      tx,
      taskId,
      mailsFollow
        ? { progress: 90, result: marker }
        : {
            status: 'completed',
            progress: 100,
            result: { imported: marker.imported, skipped: marker.skipped },
            finishedAt: new Date(),
          },
    );
    return mailsFollow ? marker : null;
  }

  /** Issues and mails the invitations of the imported people, resuming after `marker.mailed`. */
  async function sendInvitations(
    memberImport: StoredImport,
    app: AppRow,
    marker: CommitMarker,
  ): Promise<void> {
    const { taskId, options } = memberImport;
    const invitees = await importRepo.findImportedInvitees(db, app.id, marker.committedAt);
    let mailed = Math.min(marker.mailed, invitees.length);
    for (const batch of importRepo.chunks(invitees.slice(mailed), mailBatchSize)) {
      const tokens = await db.transaction(async (tx) => {
        const issued: string[] = [];
        for (const invitee of batch) {
          issued.push(
            await issueInvitation(tx, {
              projectId: app.projectId,
              appId: app.id,
              email: invitee.email,
              firstName: invitee.firstName,
              lastName: invitee.lastName,
              memberType: 'member',
              invitedByAccountId: memberImport.createdByAccountId,
            }),
          );
        }
        return issued;
      });
      for (const [index, invitee] of batch.entries()) {
        await mailInvitation(mailer, {
          to: invitee.email,
          token: tokens[index]!,
          linkBase: options.joinLinkBase,
          appName: app.name,
          inviterName: options.inviterName,
          language: invitee.language,
          projectId: app.projectId,
          logoUrl: mailLogoUrl(new URL(options.joinLinkBase).origin, app),
        });
      }
      mailed += batch.length;
      await yieldToEventLoop();
      await updateRunningTask(db, taskId, {
        progress: Math.min(99, 90 + Math.floor((10 * mailed) / invitees.length)),
        result: { ...marker, mailed },
      });
    }
    await tasks.complete(taskId, { imported: marker.imported, skipped: marker.skipped });
  }

  return {
    name: 'members.import',
    handler: async (data, job) => {
      try {
        await run(data.taskId);
      } catch (error) {
        // The last attempt ends the task, so the screen stops polling a task nobody works on.
        if (job.retryCount >= importRetryLimit) {
          await tasks.fail(data.taskId, 'IMPORT_FAILED').catch(() => undefined);
        }
        throw error;
      }
    },
  };
}
