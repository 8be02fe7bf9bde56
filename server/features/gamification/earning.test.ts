import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RuleAction } from '../../../contracts/gamification.ts';
import {
  chatMessages,
  communityGroups,
  communitySpaceMembers,
  communitySpaces,
  gamificationRules,
  moderationItems,
} from '../../db/schema/index.ts';
import { rows } from '../../db/rows.ts';
import { newId } from '../../platform/ids.ts';
import { createChatWorld } from '../../test/chat-world.ts';
import { communityApp, type Person } from '../../test/community-spaces.ts';
import { insertEventRow } from '../../test/event-rows.ts';
import { apiCaller } from '../../test/identity.ts';
import { givePoints, setRewards } from '../../test/rewards.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';

/*
 * Earning (issue 21): each action of the product awards its rule once, in the action's own transaction, and
 * deleting, rejecting, unliking or leaving takes it back; the chat's message fee refuses a message the balance
 * does not cover. Through HTTP wherever the action is a route. One server per file, one app per test.
 */

const server = useTestServer();
const api = apiCaller(server);
const db = () => server().runtime.database.db;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: { auth: string },
  body?: object,
) => api(method, url, who?.auth, body);

async function expectOk(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

async function setRule(appId: string, action: RuleAction, points: number, isActive = true) {
  await db()
    .insert(gamificationRules)
    .values({ appId, action, points, isActive, dailyCap: null })
    .onConflictDoUpdate({
      target: [gamificationRules.appId, gamificationRules.action],
      set: { points, isActive, dailyCap: null },
    });
}

/** The member's stored sums, checked against the ledger's own sums. */
async function pointsOf(appId: string, profileId: string) {
  const [row] = await rows<{ balance: number; total: number; ledger: number }>(
    db(),
    sql`select coalesce(b.balance, 0)::int as balance, coalesce(b.total, 0)::int as total,
        (select coalesce(sum(points), 0)::int from gamification_ledger l
          where l.app_id = ${appId} and l.profile_id = ${profileId}) as ledger
      from (select 1) one
      left join gamification_balances b on b.app_id = ${appId} and b.profile_id = ${profileId}`,
  );
  expect(row!.ledger).toBe(row!.balance);
  return row!.total;
}

async function earnedCount(appId: string, profileId: string, action: RuleAction) {
  const [row] = await rows<{ count: number }>(
    db(),
    sql`select count(*)::int as count from gamification_ledger
      where app_id = ${appId} and profile_id = ${profileId} and action = ${action} and kind = 'earn'`,
  );
  return row!.count;
}

/** An app with the rewards on, an open space and two of its members. */
async function world() {
  const tenant = await communityApp(server());
  await setRewards(db(), tenant.app.id, true);
  const spaceId = newId();
  const groupId = newId();
  const suffix = spaceId.slice(-8);
  await db()
    .insert(communityGroups)
    .values({ id: groupId, appId: tenant.app.id, name: 'Gruppe', slug: `gruppe-${suffix}`, position: 1 });
  await db()
    .insert(communitySpaces)
    .values({
      id: spaceId,
      appId: tenant.app.id,
      groupId,
      name: 'Treffpunkt',
      slug: `treffpunkt-${suffix}`,
      access: 'open',
      position: 1,
    });
  for (const who of [tenant.member, tenant.other]) {
    await db()
      .insert(communitySpaceMembers)
      .values({ spaceId, profileId: who.profileId, appId: tenant.app.id, role: 'member', status: 'active' });
  }
  const write = async (who: Person, name = `Beitrag ${newId().slice(-6)}`) => {
    const response = await call('POST', `/api/spaces/${spaceId}/posts`, who, { name, body: '<p>Hallo</p>' });
    await expectOk(response, 201);
    return response.json<{ data: { id: string; publishedAt: string | null } }>().data;
  };
  const points = (who: Person) => pointsOf(tenant.app.id, who.profileId);
  return { ...tenant, spaceId, write, points };
}

describe(`earning points (${testDriver})`, () => {
  it('awards posts, comments and likes once; no self-like; unlike and deleting take them back', async () => {
    const w = await world();
    const post = await w.write(w.member);
    expect(await w.points(w.member)).toBe(5);

    // A like of another earns the author 1, once; the author's own like nothing.
    await expectOk(await call('POST', `/api/posts/${post.id}/like`, w.other));
    await expectOk(await call('POST', `/api/posts/${post.id}/like`, w.other));
    await expectOk(await call('POST', `/api/posts/${post.id}/like`, w.member));
    expect(await w.points(w.member)).toBe(6);
    expect(await w.points(w.other)).toBe(0);
    // Unliking reverses it; liking again earns nothing new.
    await expectOk(await call('DELETE', `/api/posts/${post.id}/like`, w.other));
    expect(await w.points(w.member)).toBe(5);
    await expectOk(await call('POST', `/api/posts/${post.id}/like`, w.other));
    expect(await w.points(w.member)).toBe(5);
    expect(await earnedCount(w.app.id, w.member.profileId, 'like_received')).toBe(1);

    // A comment earns its author 2; a like of it earns 1, the own like nothing.
    const commented = await call('POST', '/api/comments', w.other, {
      entityType: 'post',
      entityId: post.id,
      body: '<p>Schön</p>',
    });
    await expectOk(commented, 201);
    const commentId = commented.json<{ data: { id: string } }>().data.id;
    expect(await w.points(w.other)).toBe(2);
    await expectOk(await call('POST', `/api/comments/${commentId}/like`, w.member));
    await expectOk(await call('POST', `/api/comments/${commentId}/like`, w.other));
    expect(await w.points(w.other)).toBe(3);
    await expectOk(await call('DELETE', `/api/comments/${commentId}/like`, w.member));
    expect(await w.points(w.other)).toBe(2);
    await expectOk(await call('POST', `/api/comments/${commentId}/like`, w.owner));
    expect(await w.points(w.other)).toBe(3);

    // Deleting the comment takes back its points and the like it received.
    await expectOk(await call('DELETE', `/api/comments/${commentId}`, w.other));
    expect(await w.points(w.other)).toBe(0);

    // A second post with a like, then deleting the first: its points and its like go, the second's stay.
    const second = await w.write(w.member);
    await expectOk(await call('POST', `/api/posts/${second.id}/like`, w.owner));
    expect(await w.points(w.member)).toBe(11);
    expect((await call('DELETE', `/api/posts/${post.id}`, w.member)).statusCode).toBeLessThan(300);
    expect(await w.points(w.member)).toBe(6);
    // Deleting again moves nothing.
    expect(await w.points(w.member)).toBe(6);
  });

  it('earns a held post on approval, nothing while it waits, and a rejection takes it back', async () => {
    const w = await world();
    await db().update(communitySpaces).set({ preModeration: true }).where(eq(communitySpaces.id, w.spaceId));
    const itemOf = async (postId: string) =>
      (
        await db()
          .select()
          .from(moderationItems)
          .where(and(eq(moderationItems.entityType, 'post'), eq(moderationItems.entityId, postId)))
      )[0]!.id;
    const held = await w.write(w.member);
    expect(held.publishedAt).toBeNull();
    expect(await w.points(w.member)).toBe(0);
    const rejectedFirst = await w.write(w.member);
    await expectOk(
      await call('DELETE', `/api/moderation/${await itemOf(rejectedFirst.id)}/approve`, w.owner, {
        reason: 'Werbung',
      }),
    );
    expect(await w.points(w.member)).toBe(0);

    const item = await itemOf(held.id);
    await Promise.all([
      call('POST', `/api/moderation/${item}/approve`, w.owner),
      call('POST', `/api/moderation/${item}/approve`, w.owner),
    ]);
    expect(await w.points(w.member)).toBe(5);
    await expectOk(await call('POST', `/api/posts/${held.id}/like`, w.other));
    expect(await w.points(w.member)).toBe(6);
    // Rejected after all: the post's points and its like go.
    await expectOk(
      await call('DELETE', `/api/moderation/${item}/approve`, w.owner, { reason: 'Doch nicht' }),
    );
    expect(await w.points(w.member)).toBe(0);
  });

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
    expect(await earnedCount(w.app.id, w.member.profileId, 'course_finished')).toBe(1);
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
    expect(await pointsOf(w.app.id, w.anna.profileId!)).toBe(2);
    await expectOk(await status('work'));
    await expectOk(await status('completed'));
    expect(await pointsOf(w.app.id, w.anna.profileId!)).toBe(2);
  });

  it('awards nothing while the rewards service is off', async () => {
    const w = await world();
    await setRewards(db(), w.app.id, false);
    const post = await w.write(w.member);
    await expectOk(await call('POST', `/api/posts/${post.id}/like`, w.other));
    expect(await w.points(w.member)).toBe(0);
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
    expect(await pointsOf(w.app.id, anna)).toBe(3);
  });
});
