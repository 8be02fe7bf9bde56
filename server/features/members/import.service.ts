import type { ImportBody } from '../../../contracts/members.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, serviceUnavailable } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { findLiveAccountById } from '../auth/public.ts';
import { insertTask, type TaskService } from '../tasks/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { joinLinkBase } from './invitation-mail.ts';
import * as importRepo from './import.repo.ts';
import { findTagsOfApp } from './members.repo.ts';

export type MemberImportJobData = { taskId: string };

/** Starting a bulk member import (the job does the work) and downloading its error report. */
export function createImportService(deps: {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  tasks: TaskService;
  appBaseUrl: string;
}) {
  const { db, jobs, tasks, appBaseUrl } = deps;

  return {
    /** Stores the CSV with a running `import` task and queues the job; answers the task to poll. */
    async start(access: AppAccess, body: ImportBody): Promise<{ taskId: string }> {
      const appId = access.app.id;
      const tagIds = [...new Set(body.tagIds)];
      const tags = await findTagsOfApp(db, appId, tagIds);
      if (tags.length !== tagIds.length || tags.some((tag) => tag.kind !== null)) {
        throw badRequest({ tagIds: 'validation.invalidValue' });
      }
      const accountId = access.accountId!;
      const inviter = await findLiveAccountById(db, accountId);
      const taskId = newId();
      await db.transaction(async (tx) => {
        await insertTask(tx, {
          id: taskId,
          projectId: access.app.projectId,
          appId,
          createdBy: accountId,
          type: 'import',
        });
        await importRepo.insertMemberImport(tx, {
          id: newId(),
          projectId: access.app.projectId,
          appId,
          taskId,
          createdByAccountId: accountId,
          csv: body.csv,
          options: {
            tagIds,
            isInvited: body.isInvited,
            joinLinkBase: joinLinkBase(appBaseUrl, access.app.slug),
            inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : '',
          },
        });
      });
      try {
        await jobs.send<MemberImportJobData>('members.import', { taskId });
      } catch (error) {
        await tasks.fail(taskId, 'IMPORT_NOT_QUEUED');
        throw serviceUnavailable(error);
      }
      return { taskId };
    },

    /** The `line,email,field,error` report of a failed import; 404 when there is none. */
    async errorReport(access: AppAccess, taskId: string): Promise<string> {
      const report = await importRepo.findErrorReport(db, access.app.id, taskId);
      if (!report) {
        throw notFound();
      }
      return report;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
