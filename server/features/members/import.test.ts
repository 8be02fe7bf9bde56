import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberType } from '../../../contracts/enums.ts';
import type { Task } from '../../../contracts/tasks.ts';
import {
  accounts,
  contacts,
  memberImports,
  profileTags,
  profiles,
  projects,
  tags,
  tasks,
} from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { insertTestAccount, mailCount, uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile, createTag } from '../../test/workspace.ts';
import { memberImportJob } from './import.job.ts';

let server: TestServer;
let runJob: (taskId: string, retryCount?: number) => Promise<void>;
beforeAll(async () => {
  server = await createTestServer();
  const job = memberImportJob({ db: server.runtime.database.db, mailer: server.runtime.mailer });
  runJob = (taskId, retryCount = 0) => job.handler({ taskId }, { id: newId(), retryCount });
});
afterAll(async () => {
  await server?.close();
});

const call = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  } as InjectOptions);

async function community() {
  const { account } = await insertTestAccount(server);
  const { app, project, profile } = await createAppWithProfile(server, account, { as: 'owner' });
  const owner = {
    accountId: account.id,
    profileId: profile.id,
    auth: (await server.tokenFor(account.id)).authorization,
  };
  const join = async (type: MemberType = 'member') => {
    const created = await insertTestAccount(server);
    const row = await addProfile(server, app, created.account, type);
    return { ...created, profileId: row.id, auth: (await server.tokenFor(created.account.id)).authorization };
  };
  return { app, project, owner, join, url: `/api/apps/${app.id}/profiles` };
}

async function taskOf(taskId: string, authorization: string): Promise<Task> {
  const response = await call('GET', `/api/tasks?taskIds=${taskId}`, authorization);
  return response.json<{ data: Task[] }>().data[0]!;
}

async function start(url: string, authorization: string, payload: object): Promise<string> {
  const response = await call('POST', url, authorization, payload);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ data: { taskId: string } }>().data.taskId;
}

const liveProfiles = (appId: string) =>
  server.runtime.database.db.select().from(profiles).where(eq(profiles.appId, appId));

describe(`POST /apps/{appId}/profiles (${testDriver})`, () => {
  it('answers 401, 404 for other projects and unknown apps, 400 for bad input and 403 without the ability', async () => {
    const { url, join, owner, app } = await community();
    const payload = { csv: 'email\na@beispiel.de' };
    expect((await call('POST', url, undefined, payload)).statusCode).toBe(401);
    const { account } = await insertTestAccount(server);
    await createAppWithProfile(server, account, { as: 'owner' });
    const stranger = (await server.tokenFor(account.id)).authorization;
    expect((await call('POST', url, stranger, payload)).statusCode).toBe(404);
    expect((await call('POST', `/api/apps/${newId()}/profiles`, stranger, payload)).statusCode).toBe(404);
    const { ensureDefaultTags } = await import('../tags/tags.repo.ts');
    const defaults = await ensureDefaultTags(server.runtime.database.db, app);
    for (const bad of [
      {},
      { csv: '' },
      { csv: 'x'.repeat(5 * 1024 * 1024 + 1) },
      { csv: 'email', tagIds: [newId()] },
      { csv: 'email', tagIds: [defaults.punished.id] },
      { csv: 'email', delimiter: ';' },
    ]) {
      const response = await call('POST', url, owner.auth, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await call('POST', url, (await join('moderator')).auth, payload)).statusCode).toBe(403);
    expect((await call('POST', url, (await join()).auth, payload)).statusCode).toBe(403);
  });

  it('stores the CSV, starts a running import task and queues the job', async () => {
    const { url, owner, app } = await community();
    const before = await server.runtime.jobs.boss.getQueueSize('members.import');
    const taskId = await start(url, owner.auth, { csv: 'email\nanna@beispiel.de' });
    expect(await taskOf(taskId, owner.auth)).toMatchObject({
      type: 'import',
      status: 'running',
      progress: 0,
      appId: app.id,
    });
    const [stored] = await server.runtime.database.db
      .select()
      .from(memberImports)
      .where(eq(memberImports.taskId, taskId));
    expect(stored).toMatchObject({ appId: app.id, csv: 'email\nanna@beispiel.de', errorReport: null });
    expect(await server.runtime.jobs.boss.getQueueSize('members.import')).toBe(before + 1);
  });
});

describe(`members.import job (${testDriver})`, () => {
  it('imports a German Excel file: BOM, `;`, CRLF, quotes, tags; members skipped; invitations mailed', async () => {
    const { url, owner, app, join } = await community();
    const db = server.runtime.database.db;
    const existingMember = await join();
    const existingAccount = await insertTestAccount(server);
    const vip = await createTag(server, app, { name: 'VIP' });
    const fromForm = await createTag(server, app, { name: 'Import 2024' });
    const clara = uniqueEmail('clara');
    const dora = uniqueEmail('dora');
    const csv =
      '\uFEFFE-Mail;Vorname;Nachname;Tags;Notiz\r\n' +
      `${clara.toUpperCase()};Clara;"Müller; geb. Schulz";vip|Neu\r\n` +
      `${dora};"Do""ra";Zeh;;"zwei\r\nZeilen"\r\n` +
      `${existingMember.email};Mira;Member;;\r\n` +
      `${existingAccount.email};;;Neu;\r\n` +
      ';;;;\r\n';
    const taskId = await start(url, owner.auth, { csv, tagIds: [fromForm.id] });
    await runJob(taskId);

    const task = await taskOf(taskId, owner.auth);
    expect(task).toMatchObject({ status: 'completed', progress: 100, result: { imported: 3, skipped: 1 } });
    const rows = await db
      .select({ profile: profiles, account: accounts })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(eq(profiles.appId, app.id));
    const byEmail = new Map(rows.map((row) => [row.account.email, row]));
    expect(byEmail.get(clara)!.account).toMatchObject({
      firstName: 'Clara',
      lastName: 'Müller; geb. Schulz',
      passwordHash: null,
    });
    expect(byEmail.get(dora)!.account).toMatchObject({ firstName: 'Do"ra', lastName: 'Zeh' });
    expect(byEmail.get(existingAccount.email)!.account).toMatchObject({
      id: existingAccount.account.id,
      firstName: 'Ben',
    });
    expect(byEmail.get(existingMember.email)!.profile.type).toBe('member');
    for (const email of [clara, dora, existingAccount.email]) {
      expect(byEmail.get(email)!.profile.type).toBe('invited');
      expect(await mailCount(server, email)).toBe(1);
    }
    expect(await mailCount(server, existingMember.email)).toBe(0);
    const [mail] = await listOutbox(db, { to: clara, limit: 1 });
    expect(mail!.text).toContain(`/${app.slug}/auth/join/`);

    // Tags: the form's tag for everyone, "vip" matched case-insensitively, "Neu" created once.
    const appTags = await db.select().from(tags).where(eq(tags.appId, app.id));
    const neu = appTags.find((tag) => tag.name === 'Neu')!;
    expect(appTags.filter((tag) => tag.name.toLowerCase() === 'neu')).toHaveLength(1);
    const tagsOf = async (email: string) =>
      (
        await db
          .select()
          .from(profileTags)
          .where(eq(profileTags.profileId, byEmail.get(email)!.profile.id))
      )
        .map((row) => row.tagId)
        .sort();
    expect(await tagsOf(clara)).toEqual([fromForm.id, vip.id, neu.id].sort());
    expect(await tagsOf(dora)).toEqual([fromForm.id]);
    expect(await tagsOf(existingAccount.email)).toEqual([fromForm.id, neu.id].sort());

    const imported = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.projectId, app.projectId), inArray(contacts.email, [clara, dora])));
    expect(imported.map((row) => row.source)).toEqual(['import', 'import']);

    // A second run (pg-boss retried after a crash) changes nothing.
    const count = (await liveProfiles(app.id)).length;
    await runJob(taskId, 1);
    expect(await liveProfiles(app.id)).toHaveLength(count);
    expect(await mailCount(server, clara)).toBe(1);
  });

  it('imports nothing when any row is invalid and reports the rows by their line in the file', async () => {
    const { url, owner, app } = await community();
    const good = uniqueEmail();
    const csv = [
      'email,firstName,lastName,tags',
      `${good},Gut,Person,`,
      'kein-mail,Schlecht,Person,',
      `"${good.toUpperCase()}",Doppelt,"mehr`,
      `zeilig",`,
      `,${'x'.repeat(101)},,`,
      `=cmd@beispiel.de,,,blocked`,
    ].join('\n');
    const taskId = await start(url, owner.auth, { csv, isInvited: false });
    await runJob(taskId);
    const task = await taskOf(taskId, owner.auth);
    expect(task).toMatchObject({
      status: 'failed',
      error: 'IMPORT_INVALID_ROWS',
      result: { invalidRows: 4, totalRows: 5 },
    });
    expect(await liveProfiles(app.id)).toHaveLength(1);
    expect(
      await server.runtime.database.db.select().from(accounts).where(eq(accounts.email, good)),
    ).toHaveLength(0);

    const report = await call('GET', `/api/apps/${app.id}/imports/${taskId}/errors`, owner.auth);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toBe(`attachment; filename="import-errors-${taskId}.csv"`);
    expect(report.body.split('\r\n')).toEqual([
      'line,email,field,error',
      '3,kein-mail,email,validation.email',
      `4,${good},email,validation.unique`,
      '6,,email,validation.required',
      '6,,firstName,validation.validateMaxLength',
      `7,'=cmd@beispiel.de,email,validation.email`,
      `7,'=cmd@beispiel.de,tags,validation.invalidValue`,
      '',
    ]);
  });

  it('fails without an email column (line 1) and completes an empty file with nothing imported', async () => {
    const { url, owner, app } = await community();
    const noEmail = await start(url, owner.auth, { csv: 'Name,Vorname\nAnna,Beispiel' });
    await runJob(noEmail);
    expect(await taskOf(noEmail, owner.auth)).toMatchObject({
      status: 'failed',
      result: { invalidRows: 1, totalRows: 1 },
    });
    const report = await call('GET', `/api/apps/${app.id}/imports/${noEmail}/errors`, owner.auth);
    expect(report.body).toContain('1,,email,validation.required');

    const empty = await start(url, owner.auth, { csv: 'email,vorname\r\n' });
    await runJob(empty);
    expect(await taskOf(empty, owner.auth)).toMatchObject({
      status: 'completed',
      result: { imported: 0, skipped: 0 },
    });
  });

  it('fails with QUOTA_EXCEEDED and imports nothing when the contacts would pass the tariff', async () => {
    const { url, owner, app, project } = await community();
    const db = server.runtime.database.db;
    await db.update(projects).set({ tariffId: 'starter' }).where(eq(projects.id, project.id));
    const csv = [
      'email',
      ...Array.from({ length: 501 }, (_, index) => `quota-${index}-${app.id}@beispiel.de`),
    ].join('\n');
    const taskId = await start(url, owner.auth, { csv });
    await runJob(taskId);
    expect(await taskOf(taskId, owner.auth)).toMatchObject({
      status: 'failed',
      error: 'QUOTA_EXCEEDED',
      result: { key: 'contacts', limit: 500 },
    });
    expect(await liveProfiles(app.id)).toHaveLength(1);
  });

  it('finishes the mails after a crash between the commit and the last mail, without importing twice', async () => {
    const { url, owner, app } = await community();
    const db = server.runtime.database.db;
    const emails = Array.from({ length: 3 }, () => uniqueEmail('crash'));
    const taskId = await start(url, owner.auth, { csv: ['email', ...emails].join('\n') });
    await runJob(taskId);
    const [done] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    const invited = (await liveProfiles(app.id)).filter((row) => row.type === 'invited');
    expect(invited).toHaveLength(3);
    // As if the worker died after the commit and the first mail: the task still runs with its marker.
    await db
      .update(tasks)
      .set({
        status: 'running',
        progress: 90,
        finishedAt: null,
        result: { imported: 3, skipped: 0, committedAt: await committedAtOf(invited[0]!.id), mailed: 1 },
      })
      .where(eq(tasks.id, taskId));
    expect(done!.status).toBe('completed');
    await runJob(taskId, 1);
    expect(await taskOf(taskId, owner.auth)).toMatchObject({
      status: 'completed',
      result: { imported: 3, skipped: 0 },
    });
    expect(await liveProfiles(app.id)).toHaveLength(4);
    const mails = await Promise.all(emails.map((email) => mailCount(server, email)));
    expect(mails.sort()).toEqual([1, 2, 2]);
  });

  it('imports 10,000 rows as a task with progress, in seconds', async () => {
    const { url, owner, app } = await community();
    const header = 'email;first name;last name;tags';
    const lines = Array.from(
      { length: 10_000 },
      (_, index) => `massen-${index}-${app.id}@beispiel.de;Vorname${index};Masse;Gruppe ${index % 20}`,
    );
    const taskId = await start(url, owner.auth, { csv: [header, ...lines].join('\r\n'), isInvited: false });
    const seen = new Set<number>();
    const began = performance.now();
    let running = true;
    const finished = runJob(taskId).finally(() => {
      running = false;
    });
    while (running) {
      seen.add((await taskOf(taskId, owner.auth)).progress);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await finished;
    const elapsed = performance.now() - began;
    console.info(`10,000-row import: ${Math.round(elapsed)} ms`, [...seen]);
    const task = await taskOf(taskId, owner.auth);
    expect(task).toMatchObject({
      status: 'completed',
      progress: 100,
      result: { imported: 10_000, skipped: 0 },
    });
    seen.add(task.progress);
    expect([...seen].filter((progress) => progress > 0 && progress < 100).length).toBeGreaterThan(0);
    expect(await liveProfiles(app.id)).toHaveLength(10_001);
    const groupTags = await server.runtime.database.db.select().from(tags).where(eq(tags.appId, app.id));
    expect(groupTags.filter((tag) => tag.name.startsWith('Gruppe '))).toHaveLength(20);
    expect(elapsed).toBeLessThan(60_000);
  });
});

describe(`GET /apps/{appId}/imports/{taskId}/errors (${testDriver})`, () => {
  it('answers 401, 404 for other projects and imports without a report, 400 for bad ids, 403 without the ability', async () => {
    const { url, owner, app, join } = await community();
    const taskId = await start(url, owner.auth, { csv: 'email\nnope' });
    await runJob(taskId);
    const reportUrl = `/api/apps/${app.id}/imports/${taskId}/errors`;
    expect((await call('GET', reportUrl)).statusCode).toBe(401);
    const { account } = await insertTestAccount(server);
    await createAppWithProfile(server, account, { as: 'owner' });
    expect((await call('GET', reportUrl, (await server.tokenFor(account.id)).authorization)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/apps/${app.id}/imports/nope/errors`, owner.auth)).statusCode).toBe(400);
    expect((await call('GET', `/api/apps/${app.id}/imports/${newId()}/errors`, owner.auth)).statusCode).toBe(
      404,
    );
    expect((await call('GET', reportUrl, (await join('moderator')).auth)).statusCode).toBe(403);
    expect((await call('GET', reportUrl, owner.auth)).statusCode).toBe(200);
  });
});

/** The transaction timestamp as PostgreSQL writes it, to the microsecond (the marker matches `created_at`). */
async function committedAtOf(profileId: string): Promise<string> {
  const [row] = await server.runtime.database.db
    .select({ at: sql<string>`${profiles.createdAt}::text` })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row!.at;
}
