import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RuleAction } from '../../../contracts/gamification.ts';
import { chatMessages, gamificationRules } from '../../db/schema/index.ts';
import { rows } from '../../db/rows.ts';
import { newId } from '../../platform/ids.ts';
import { createChatWorld } from '../../test/chat-world.ts';
import { communityApp, communityCaller, type Person } from '../../test/community-spaces.ts';
import { insertEventRow } from '../../test/event-rows.ts';
import { apiCaller } from '../../test/identity.ts';
import { givePoints, setRewards } from '../../test/rewards.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { earnedCount, expectOk, pointsOf } from './earning.testing.ts';

/*
 * Earning (issue 21) beyond the community (that: earning.test.ts): completed lessons and finished courses,
 * joined event occurrences, completed tickets, and the chat's message fee, which refuses a message the balance
 * does not cover. Through HTTP wherever the action is a route. One server per file, one app per test.
 */

const server = useTestServer();
const api = apiCaller(server);
const db = () => server().runtime.database.db;
const call = communityCaller(server);

async function setRule(appId: string, action: RuleAction, points: number, isActive = true) {
  await db()
    .insert(gamificationRules)
    .values({ appId, action, points, isActive, dailyCap: null })
    .onConflictDoUpdate({
      target: [gamificationRules.appId, gamificationRules.action],
      set: { points, isActive, dailyCap: null },
    });
}

/** An app with the rewards on and its members. */
async function world() {
  const tenant = await communityApp(server());
  await setRewards(db(), tenant.app.id, true);
  const points = (who: Person) => pointsOf(db(), tenant.app.id, who.profileId);
  return { ...tenant, points };
}

describe(`earning points beyond the community (${testDriver})`, () => {
  it('awards completed lessons and the finished course; undoing a lesson takes it back once', async () => {
    const w = await world();
    const made = await call('POST', `/api/apps/${w.app.id}/courses`, w.owner, {
      type: 'course',
      name: 'Punkte sammeln',
      isPublished: true,
    });
    await expectOk(made, 201);
    const courseId = made.json<{ data: { id: string } }>().data.id;
    const module = await call('POST', `/api/courses/${courseId}/modules`, w.owner, { name: 'Woche 1' });
    await expectOk(module, 201);
    const lessons: string[] = [];
    for (const name of ['Einstieg', 'Übung']) {
      const lesson = await call('POST', `/api/modules/${module.json().data.id}/lessons`, w.owner, {
        name,
        completion: 'manual',
      });
      await expectOk(lesson, 201);
      lessons.push(lesson.json<{ data: { id: string } }>().data.id);
    }
    const act = (lessonId: string, action: string) =>
      call('PATCH', `/api/lessons/${lessonId}/action`, w.member, { action });
    await expectOk(await act(lessons[0]!, 'completed'));
    await expectOk(await act(lessons[0]!, 'completed'));
    expect(await w.points(w.member)).toBe(3);
    await expectOk(await act(lessons[0]!, 'incomplete'));
    expect(await w.points(w.member)).toBe(0);
    // Completing again earns nothing new (the ledger keeps the lesson once).
    await expectOk(await act(lessons[0]!, 'completed'));
    expect(await w.points(w.member)).toBe(0);
    await expectOk(await act(lessons[1]!, 'completed'));
    // The last lesson: 3, and the finished course 20.
    expect(await w.points(w.member)).toBe(23);
    expect(await earnedCount(db(), w.app.id, w.member.profileId, 'course_finished')).toBe(1);
  });

  it('awards joining an event occurrence once; leaving before it starts takes it back', async () => {
    const w = await world();
    const event = await insertEventRow(w.db, {
      appId: w.app.id,
      startsLocal: '2027-03-02T19:00:00',
      rrule: 'FREQ=WEEKLY',
      authorProfileId: w.owner.profileId,
      participantsLimit: 10,
      isConfirmationEnabled: false,
    });
    const join = (occurrence: string) =>
      call('POST', `/api/events/${event.id}/join`, w.member, { occurrence });
    await expectOk(await join('2027-03-02T19:00:00'));
    await expectOk(await join('2027-03-02T19:00:00'));
    await expectOk(await join('2027-03-09T19:00:00'));
    expect(await w.points(w.member)).toBe(10);
    await expectOk(
      await call('DELETE', `/api/events/${event.id}/join?occurrence=2027-03-09T19:00:00`, w.member),
    );
    expect(await w.points(w.member)).toBe(5);
  });

  it('awards a completed ticket to its member once; reopening takes nothing back', async () => {
    const w = await createChatWorld(server(), 'Hilfe-App');
    await setRewards(db(), w.app.id, true);
    const opened = await api('POST', `/api/apps/${w.app.id}/tickets`, w.anna.token, {
      subject: 'Rechnung fehlt',
      body: '<p>Wo ist meine Rechnung?</p>',
    });
    await expectOk(opened, 201);
    const ticketId = opened.json<{ data: { id: string } }>().data.id;
    const status = (value: string) =>
      api('PATCH', `/api/tickets/${ticketId}/status`, w.owner.token, { status: value });
    await expectOk(await status('completed'));
    expect(await pointsOf(db(), w.app.id, w.anna.profileId!)).toBe(2);
    await expectOk(await status('work'));
    await expectOk(await status('completed'));
    expect(await pointsOf(db(), w.app.id, w.anna.profileId!)).toBe(2);
  });

  it('charges the chat’s message fee in the send: a balance short of it refuses the message', async () => {
    const w = await createChatWorld(server(), 'Plauderecke');
    await setRewards(db(), w.app.id, true);
    await setRule(w.app.id, 'message_sent_fee', 2);
    const anna = w.anna.profileId!;
    await givePoints(db(), w.app.id, anna, 3);
    const chat = await api('POST', `/api/apps/${w.app.id}/chats`, w.anna.token, {
      kind: 'group',
      name: 'Wandergruppe',
      profileIds: [w.ben.profileId],
    });
    await expectOk(chat, 201);
    const chatId = chat.json<{ data: { id: string } }>().data.id;
    const send = (body: string) =>
      api('POST', `/api/chats/${chatId}/messages`, w.anna.token, { clientId: newId(), body });
    await expectOk(await send('<p>Erste</p>'), 201);
    const [balance] = await rows<{ balance: number }>(
      db(),
      sql`select balance from gamification_balances where app_id = ${w.app.id} and profile_id = ${anna}`,
    );
    expect(balance!.balance).toBe(1);
    const refused = await send('<p>Zweite</p>');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'POINTS_TOO_LOW' });
    const stored = await db().select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(stored.map((message) => message.bodyText)).toEqual(['Erste']);
    expect(await pointsOf(db(), w.app.id, anna)).toBe(3);
  });
});
