import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  Ticket,
  TicketAppList,
  TicketDetail,
  TicketList,
  TicketSettings,
} from '../../../contracts/tickets.ts';
import { ticketEvents } from '../../../contracts/tickets.ts';
import { ticketSettings, ticketStatusChanges, tickets } from '../../db/schema/index.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { createChatWorld, nextEvent, useChatTestServer } from '../../test/chat-world.ts';
import { createOutsider, type TestPerson } from '../../test/community-world.ts';
import { apiCaller } from '../../test/identity.ts';
import { testDriver } from '../../test/test-server.ts';
import { notifyOfflineMembers } from '../chat/offline-notify.job.ts';
import { runTicketWarnings } from './tickets-warnings.job.ts';

/*
 * Support tickets (issue 20): every route's refusals (401, another project, no ability, bad input) and happy
 * paths, a member sees only their own tickets, the open-tickets limit, the team's answer (entering the chat, the
 * first-response clock), reopen on the member's reply, the satisfaction question, the realtime mirror, the 80 %
 * warnings and the offline notification of the team's answer. One server per file, one app per test.
 */

const chat = useChatTestServer({ listen: true });
const server = () => chat.server();
const call = apiCaller(server);
const { ok, connect } = chat;
const db = () => server().runtime.database.db;

const world = async () => {
  const w = await createChatWorld(server(), 'Hilfe-App');
  const moderator = await w.join('moderator');
  return { ...w, moderator };
};
type World = Awaited<ReturnType<typeof world>>;

const open = async (
  w: World,
  by: TestPerson,
  subject = 'Rechnung fehlt',
  body = '<p>Wo ist meine Rechnung?</p>',
) => (await ok<{ data: Ticket }>('POST', `/api/apps/${w.app.id}/tickets`, by, { subject, body }, 201)).data;

const ticketOf = async (id: string, by: TestPerson) =>
  (await ok<{ data: TicketDetail }>('GET', `/api/tickets/${id}`, by)).data;

const setStatus = async (id: string, by: TestPerson, status: string) =>
  (await ok<{ data: Ticket }>('PATCH', `/api/tickets/${id}/status`, by, { status })).data;

const statusOf = async (id: string) =>
  (await db().select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]!.status;

describe(`tickets: refusals (${testDriver})`, () => {
  it('answers 401 signed out and refuses a member of another project on every route', async () => {
    const w = await world();
    const ticket = await open(w, w.anna);
    const outsider = await createOutsider(server());
    const routes: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', `/api/projects/${w.project.id}/tickets/apps`],
      ['GET', `/api/projects/${w.project.id}/tickets/limits`],
      ['GET', `/api/projects/${w.project.id}/tickets`],
      ['POST', `/api/apps/${w.app.id}/tickets`, { subject: 'Hallo', body: '<p>Hallo</p>' }],
      ['GET', `/api/apps/${w.app.id}/tickets/my`],
      ['GET', `/api/apps/${w.app.id}/tickets`],
      ['GET', `/api/apps/${w.app.id}/tickets/settings`],
      ['PATCH', `/api/apps/${w.app.id}/tickets/settings`, { openTicketsLimit: 5 }],
      ['GET', `/api/tickets/${ticket.id}`],
      ['PATCH', `/api/tickets/${ticket.id}/status`, { status: 'work' }],
      ['POST', `/api/tickets/${ticket.id}/join`],
      ['POST', `/api/tickets/${ticket.id}/satisfaction`, { rating: 5 }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      // The app's shell is visible to everyone (a guest's `view`), so its calls refuse with 403; the project
      // and the ticket are not visible at all.
      const refused = url.startsWith('/api/apps/') ? 403 : 404;
      const answer = await call(method, url, outsider.token, payload);
      if (url.endsWith('/tickets/my')) {
        // One's own requests: someone without a profile there has none.
        expect(answer.json()).toEqual({ data: [], meta: { page: 1, pages: 0, total: 0 } });
        continue;
      }
      expect(answer.statusCode, `${method} ${url}`).toBe(refused);
    }
  });

  it('keeps the team routes from members and moderators, and a ticket from everyone but its requester', async () => {
    const w = await world();
    const ticket = await open(w, w.anna);
    for (const person of [w.ben, w.moderator]) {
      for (const url of [`/api/apps/${w.app.id}/tickets`, `/api/apps/${w.app.id}/tickets/settings`]) {
        expect((await call('GET', url, person.token)).statusCode, url).toBe(403);
      }
      // Another member's ticket (and the moderators': docs/decisions/tickets.md) is not there at all.
      expect((await call('GET', `/api/tickets/${ticket.id}`, person.token)).statusCode).toBe(404);
    }
    // The requester reads, but neither changes the status nor enters as the team.
    expect(
      (await call('PATCH', `/api/tickets/${ticket.id}/status`, w.anna.token, { status: 'work' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/tickets/${ticket.id}/join`, w.anna.token)).statusCode).toBe(403);
    // The team does not answer the member's satisfaction question.
    expect(
      (await call('POST', `/api/tickets/${ticket.id}/satisfaction`, w.owner.token, { rating: 5 })).statusCode,
    ).toBe(403);
    // A team member without app management sees the project but not its tickets.
    const team = await w.teamManager();
    await db().execute(
      sql`update projects set team_settings = '{"canManageApps": false}' where id = ${w.project.id}`,
    );
    expect((await call('GET', `/api/projects/${w.project.id}/tickets`, team.token)).statusCode).toBe(403);
  });

  it('refuses bad input with validation keys', async () => {
    const w = await world();
    const ticket = await open(w, w.anna);
    const bad = async (method: Parameters<typeof call>[0], url: string, by: TestPerson, payload?: object) => {
      const response = await call(method, url, by.token, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      return response.json<{ errors?: Record<string, string> }>();
    };
    expect(
      (await bad('POST', `/api/apps/${w.app.id}/tickets`, w.ben, { subject: '', body: '<p>x</p>' })).errors,
    ).toHaveProperty('subject');
    expect(
      (await bad('POST', `/api/apps/${w.app.id}/tickets`, w.ben, { subject: 'Frage', body: '<p> </p>' }))
        .errors,
    ).toHaveProperty('body');
    await bad('POST', `/api/apps/${w.app.id}/tickets`, w.ben, { subject: 'x'.repeat(201), body: '<p>x</p>' });
    await bad('PATCH', `/api/tickets/${ticket.id}/status`, w.owner, { status: 'closed' });
    await bad('POST', `/api/tickets/${ticket.id}/satisfaction`, w.anna, { rating: 6 });
    await bad('PATCH', `/api/apps/${w.app.id}/tickets/settings`, w.owner, { openTicketsLimit: 0 });
    await bad('PATCH', `/api/apps/${w.app.id}/tickets/settings`, w.owner, { resolutionTargetMinutes: -1 });
    await bad('GET', `/api/projects/${w.project.id}/tickets?status=open`, w.owner);
    await bad('GET', `/api/tickets/not-a-uuid`, w.owner);
  });
});

describe(`tickets: opening and reading (${testDriver})`, () => {
  it('opens a ticket as a support chat with its first message and a number per app', async () => {
    const w = await world();
    const first = await open(w, w.anna);
    const second = await open(w, w.ben, 'Passwort', '<p>Ich komme nicht hinein <script>x</script></p>');
    expect(first).toMatchObject({
      number: 1,
      status: 'new',
      subject: 'Rechnung fehlt',
      appName: 'Hilfe-App',
      requester: { profileId: w.anna.profileId, name: 'Anna Adler' },
      isInChat: true,
      permissions: { can: ['view', 'rate'] },
    });
    expect(second.number).toBe(2);
    const chatOf = await ok<{ data: { isSupport: boolean } }>('GET', `/api/chats/${second.chatId}`, w.ben);
    expect(chatOf.data.isSupport).toBe(true);
    const messages = await ok<{ data: { body: string }[] }>(
      'GET',
      `/api/chats/${second.chatId}/messages`,
      w.ben,
    );
    expect(messages.data.map((message) => message.body)).toEqual(['<p>Ich komme nicht hinein </p>']);
    const changes = await db()
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticketId, first.id));
    expect(changes).toMatchObject([{ fromStatus: null, toStatus: 'new' }]);
  });

  it('shows a member only their own tickets, and the team all of them on both hosts', async () => {
    const w = await world();
    const anna = await open(w, w.anna);
    const ben = await open(w, w.ben);
    const mine = await ok<TicketList>('GET', `/api/apps/${w.app.id}/tickets/my`, w.anna);
    expect(mine.data.map((ticket) => ticket.id)).toEqual([anna.id]);
    expect(mine.meta).toEqual({ page: 1, pages: 1, total: 1 });
    const team = await w.teamManager();
    for (const person of [w.owner, team]) {
      const project = await ok<TicketList>('GET', `/api/projects/${w.project.id}/tickets`, person);
      expect(project.data.map((ticket) => ticket.id)).toEqual([ben.id, anna.id]);
      expect(project.data[0]!.permissions.can).toEqual(['view', 'join', 'status']);
    }
    const app = await ok<TicketList>('GET', `/api/apps/${w.app.id}/tickets?status=new`, w.owner);
    expect(app.meta.total).toBe(2);
    const filtered = await ok<TicketList>(
      'GET',
      `/api/projects/${w.project.id}/tickets?appId=${w.app.id}&status=work`,
      w.owner,
    );
    expect(filtered.data).toEqual([]);
    const detail = await ticketOf(anna.id, w.owner);
    expect(detail.contact).toMatchObject({
      profileId: w.anna.profileId,
      name: 'Anna Adler',
      openTickets: 1,
      totalTickets: 1,
    });
    expect(detail.contact!.email).toContain('@');
    expect((await ticketOf(anna.id, w.anna)).contact).toBeNull();
  });

  it('counts the tickets per app and status for the support index, and reads the limits', async () => {
    const w = await world();
    const first = await open(w, w.anna);
    await open(w, w.ben);
    await setStatus(first.id, w.owner, 'on_pause');
    const index = await ok<TicketAppList>('GET', `/api/projects/${w.project.id}/tickets/apps`, w.owner);
    expect(index.data).toEqual([
      {
        appId: w.app.id,
        name: 'Hilfe-App',
        slug: expect.any(String),
        counts: { completed: 0, new: 1, on_pause: 1, work: 0 },
        open: 2,
      },
    ]);
    await ok('PATCH', `/api/apps/${w.app.id}/tickets/settings`, w.owner, { firstResponseTargetMinutes: 30 });
    const limits = await ok<{ data: (TicketSettings & { appId: string })[] }>(
      'GET',
      `/api/projects/${w.project.id}/tickets/limits`,
      w.owner,
    );
    expect(limits.data).toEqual([
      {
        appId: w.app.id,
        name: 'Hilfe-App',
        openTicketsLimit: 3,
        firstResponseTargetMinutes: 30,
        resolutionTargetMinutes: 2880,
        isSatisfactionEnabled: true,
      },
    ]);
  });

  it('refuses a ticket over the open-tickets limit with 409 and counts completed ones out', async () => {
    const w = await world();
    await ok('PATCH', `/api/apps/${w.app.id}/tickets/settings`, w.owner, { openTicketsLimit: 2 });
    const first = await open(w, w.anna);
    await open(w, w.anna);
    const refused = await call('POST', `/api/apps/${w.app.id}/tickets`, w.anna.token, {
      subject: 'Noch eine',
      body: '<p>Frage</p>',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TICKET_LIMIT_REACHED', details: { limit: 2 } });
    await open(w, w.ben);
    await setStatus(first.id, w.owner, 'completed');
    // The refused one took no number.
    expect((await open(w, w.anna)).number).toBe(4);
    const [settings] = await db().select().from(ticketSettings).where(eq(ticketSettings.appId, w.app.id));
    expect(settings!.lastNumber).toBe(4);
  });
});

describe(`tickets: the team's work (${testDriver})`, () => {
  it('lets a team member without a profile enter the chat, and the first answer starts the work', async () => {
    const w = await world();
    const ticket = await open(w, w.anna);
    const team = await w.teamManager();
    expect((await ticketOf(ticket.id, team)).isInChat).toBe(false);
    const joined = (await ok<{ data: Ticket }>('POST', `/api/tickets/${ticket.id}/join`, team)).data;
    expect(joined.isInChat).toBe(true);
    const sent = await chat.send(
      ticket.chatId,
      { ...team, profileId: null },
      '<p>Wir kümmern uns darum.</p>',
    );
    expect(sent.id).toBeTruthy();
    await expect.poll(() => statusOf(ticket.id)).toBe('work');
    const after = await ticketOf(ticket.id, w.anna);
    expect(after.firstResponseAt).not.toBeNull();
    expect(after.clocks.firstResponse.state).toBe('stopped');
    // Joining again changes nothing.
    expect((await ok<{ data: Ticket }>('POST', `/api/tickets/${ticket.id}/join`, team)).data.isInChat).toBe(
      true,
    );
  });

  it('mirrors a status change to the member at once and stops the clocks while on_pause', async () => {
    const w = await world();
    const ticket = await open(w, w.anna);
    const socket = await connect(w.anna, w.app.id);
    const heard = nextEvent<{ id: string; status: string }>(socket, ticketEvents.update);
    const paused = await setStatus(ticket.id, w.owner, 'on_pause');
    expect(paused.status).toBe('on_pause');
    expect(await heard).toMatchObject({ id: ticket.id, status: 'on_pause' });
    expect(paused.clocks.resolution.state).toBe('paused');
    expect(paused.clocks.firstResponse.state).toBe('paused');
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.pausedSince).not.toBeNull();
    const working = await setStatus(ticket.id, w.owner, 'work');
    expect(working.clocks.resolution.state).toBe('running');
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after!.pausedSince).toBeNull();
  });

  it('reopens a completed ticket when the member replies, recorded as a status change', async () => {
    const w = await world();
    const ticket = await open(w, w.anna);
    await setStatus(ticket.id, w.owner, 'completed');
    await chat.send(ticket.chatId, w.anna, '<p>Leider geht es doch nicht.</p>');
    await expect.poll(() => statusOf(ticket.id)).toBe('new');
    const changes = await db()
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticketId, ticket.id))
      .orderBy(ticketStatusChanges.createdAt);
    expect(changes.map((change) => [change.fromStatus, change.toStatus, change.changedByAccountId])).toEqual([
      [null, 'new', w.anna.accountId],
      ['new', 'completed', w.owner.accountId],
      ['completed', 'new', null],
    ]);
    const reopened = await ticketOf(ticket.id, w.owner);
    expect(reopened.completedAt).toBeNull();
    expect(reopened.clocks.resolution.state).toBe('running');
  });

  it('asks the member the satisfaction question once, after completion, when the app asks it', async () => {
    const w = await world();
    const ticket = await open(w, w.anna);
    const early = await call('POST', `/api/tickets/${ticket.id}/satisfaction`, w.anna.token, { rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'SATISFACTION_NOT_ASKED' });
    const done = await setStatus(ticket.id, w.owner, 'completed');
    expect(done.isSatisfactionAsked).toBe(true);
    const rated = (
      await ok<{ data: Ticket }>('POST', `/api/tickets/${ticket.id}/satisfaction`, w.anna, {
        rating: 5,
        comment: ' Danke! ',
      })
    ).data;
    expect(rated.satisfaction).toEqual({ rating: 5, comment: 'Danke!' });
    expect(rated.isSatisfactionAsked).toBe(false);
    expect(
      (await call('POST', `/api/tickets/${ticket.id}/satisfaction`, w.anna.token, { rating: 1 })).statusCode,
    ).toBe(409);
    // Switched off: not asked.
    await ok('PATCH', `/api/apps/${w.app.id}/tickets/settings`, w.owner, { isSatisfactionEnabled: false });
    const other = await open(w, w.ben);
    const completed = await setStatus(other.id, w.owner, 'completed');
    expect(completed.isSatisfactionAsked).toBe(false);
    expect(
      (await call('POST', `/api/tickets/${other.id}/satisfaction`, w.ben.token, { rating: 3 })).statusCode,
    ).toBe(409);
  });

  it('warns the team once at 80 % of a target', async () => {
    const w = await world();
    await ok('PATCH', `/api/apps/${w.app.id}/tickets/settings`, w.owner, {
      firstResponseTargetMinutes: 10,
      resolutionTargetMinutes: 0,
    });
    const ticket = await open(w, w.anna);
    const deps = { db: db(), mailer: server().runtime.mailer, serviceBaseUrl: 'https://example.com' };
    const start = new Date(ticket.createdAt).getTime();
    expect(await runTicketWarnings(deps, new Date(start + 7 * 60_000))).toBe(0);
    expect(await runTicketWarnings(deps, new Date(start + 8 * 60_000 + 1000))).toBe(1);
    expect(await runTicketWarnings(deps, new Date(start + 9 * 60_000))).toBe(0);
    const [owner] = await db()
      .execute(sql`select email from accounts where id = ${w.owner.accountId}`)
      .then((result) => (result as { rows: { email: string }[] }).rows);
    const [mail] = await listOutbox(db(), { to: owner!.email, limit: 1 });
    expect(mail?.template).toBe('ticket-warning');
    expect(mail?.subject).toContain(`#${ticket.number}`);
  });

  it('tells the member of the team’s answer while they are away (the chat’s offline notification)', async () => {
    const w = await world();
    const ticket = await open(w, w.anna);
    await ok('POST', `/api/tickets/${ticket.id}/join`, w.owner);
    await chat.send(ticket.chatId, w.owner, '<p>Die Rechnung ist unterwegs.</p>');
    const told = await db().transaction((tx) => notifyOfflineMembers(tx, ticket.chatId));
    expect(told.map((item) => [item.profileId, item.type])).toEqual([[w.anna.profileId, 'chat_message']]);
  });
});

describe(`tickets: the clocks (${testDriver})`, () => {
  it('does not count time on_pause, and a reopen starts the resolution clock again', async () => {
    const { ticketClocks } = await import('./tickets.clocks.ts');
    const t0 = new Date('2026-01-01T10:00:00Z');
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    const targets = { firstResponseMinutes: 60, resolutionMinutes: 120 };
    const clocks = ticketClocks(
      {
        createdAt: t0,
        firstResponseAt: null,
        changes: [
          { toStatus: 'work', at: at(10) },
          { toStatus: 'on_pause', at: at(20) },
          { toStatus: 'work', at: at(50) },
        ],
        targets,
      },
      at(60),
    );
    // 0–20 and 50–60 run; 20–50 is paused.
    expect(clocks.firstResponse).toMatchObject({
      elapsedSeconds: 30 * 60,
      remainingSeconds: 30 * 60,
      state: 'running',
    });
    expect(clocks.resolution).toMatchObject({ elapsedSeconds: 30 * 60, state: 'running', isOverdue: false });
    const reopened = ticketClocks(
      {
        createdAt: t0,
        firstResponseAt: at(5),
        changes: [
          { toStatus: 'completed', at: at(200) },
          { toStatus: 'new', at: at(300) },
        ],
        targets,
      },
      at(310),
    );
    expect(reopened.firstResponse).toMatchObject({ elapsedSeconds: 5 * 60, state: 'stopped' });
    expect(reopened.resolution).toMatchObject({ elapsedSeconds: 10 * 60, state: 'running' });
    const overdue = ticketClocks({ createdAt: t0, firstResponseAt: null, changes: [], targets }, at(61));
    expect(overdue.firstResponse).toMatchObject({ isOverdue: true, remainingSeconds: -60 });
  });
});
