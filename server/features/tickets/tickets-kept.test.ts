import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Ticket, TicketList } from '../../../contracts/tickets.ts';
import { apps } from '../../db/schema/index.ts';
import { createChatWorld, useChatTestServer, type ChatWorld } from '../../test/chat-world.ts';
import type { TestPerson } from '../../test/community-world.ts';
import { testDriver } from '../../test/test-server.ts';

/*
 * The ticket lists keep their pages in memory (tickets.service.ts, migration 0028), and the team's lists their
 * answers for the rest of the second (tickets-kept.ts): every change the team's or a member's list shows must show
 * on the very next read. Each step reads twice, changes one thing through the API
 * (or, for an app's name, the database) and reads again.
 */

const chat = useChatTestServer();
const server = () => chat.server();
const { ok, send } = chat;

async function list(url: string, who: TestPerson): Promise<Ticket[]> {
  const first = await ok<TicketList>('GET', url, who);
  const second = await ok<TicketList>('GET', url, who);
  expect(second.data.map((ticket) => [ticket.id, ticket.status, ticket.updatedAt])).toEqual(
    first.data.map((ticket) => [ticket.id, ticket.status, ticket.updatedAt]),
  );
  return first.data;
}

const open = async (w: ChatWorld, by: TestPerson, subject: string) =>
  (
    await ok<{ data: Ticket }>(
      'POST',
      `/api/apps/${w.app.id}/tickets`,
      by,
      { subject, body: `<p>${subject}</p>` },
      201,
    )
  ).data;

describe(`kept ticket lists show every change at once (${testDriver})`, () => {
  it('a new ticket, a status, a reply moving it up, the targets and the app’s name', async () => {
    const w = await createChatWorld(server(), 'Hilfe');
    const team = `/api/projects/${w.project.id}/tickets`;
    const working = `${team}?status=work`;
    const mine = `/api/apps/${w.app.id}/tickets/my`;
    const appTeam = `/api/apps/${w.app.id}/tickets`;
    expect(await list(team, w.owner)).toEqual([]);
    expect(await list(mine, w.anna)).toEqual([]);

    const first = await open(w, w.anna, 'Rechnung fehlt');
    const second = await open(w, w.ben, 'Passwort vergessen');
    expect((await list(team, w.owner)).map((ticket) => ticket.subject)).toEqual([
      'Passwort vergessen',
      'Rechnung fehlt',
    ]);
    expect((await list(mine, w.anna)).map((ticket) => ticket.id)).toEqual([first.id]);
    expect(await list(working, w.owner)).toEqual([]);
    expect((await list(appTeam, w.owner)).map((ticket) => ticket.status)).toEqual(['new', 'new']);

    await ok('PATCH', `/api/tickets/${first.id}/status`, w.owner, { status: 'work' });
    expect((await list(working, w.owner)).map((ticket) => ticket.id)).toEqual([first.id]);
    expect((await list(mine, w.anna))[0]).toMatchObject({ status: 'work' });
    expect((await list(appTeam, w.owner)).find((ticket) => ticket.id === first.id)).toMatchObject({
      status: 'work',
    });

    // The chat tells the ticket of the message after its own commit (onChatMessageSent), so the reply may
    // arrive before the ticket moved: wait for it, then the kept list must agree with itself.
    const before = (await list(working, w.owner))[0]!.updatedAt;
    await send(first.chatId, w.anna, '<p>Noch eine Frage</p>');
    await vi.waitFor(async () => {
      const moved = await ok<TicketList>('GET', working, w.owner);
      expect(moved.data[0]!.updatedAt > before).toBe(true);
    });
    expect((await list(team, w.owner)).map((ticket) => ticket.id)).toEqual([first.id, second.id]);

    await ok('PATCH', `/api/apps/${w.app.id}/tickets/settings`, w.owner, { firstResponseTargetMinutes: 30 });
    expect((await list(team, w.owner))[0]!.clocks.firstResponse.targetMinutes).toBe(30);

    await server().runtime.database.db.update(apps).set({ name: 'Neue Hilfe' }).where(eq(apps.id, w.app.id));
    expect((await list(team, w.owner))[0]).toMatchObject({ appName: 'Neue Hilfe' });
  });
});
