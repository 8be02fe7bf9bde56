import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../../contracts/courses-lessons.ts';
import {
  chats,
  communityGroups,
  communitySpaceMembers,
  communitySpaces,
  courses,
  gamificationStatuses,
} from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { createChatWorld } from '../../test/chat-world.ts';
import { communityApp, communityCaller } from '../../test/community-spaces.ts';
import { apiCaller } from '../../test/identity.ts';
import { givePoints, setRewards } from '../../test/rewards.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';

/*
 * Level gates (issue 21): a space, a course and a group chat that ask for a level refuse a member below it (403
 * LEVEL_REQUIRED with the level; a course's lessons locked with reason `level`), open once the member reaches it,
 * let their managers pass, and gate nothing while the level is inactive. One server per file, one app per test.
 */

const server = useTestServer();
const api = apiCaller(server);
const db = () => server().runtime.database.db;
const call = communityCaller(server);

/** Two active levels (10 and 50 points) and an inactive one; answers the ids. */
async function levels(appId: string) {
  const [bronze, silver, hidden] = [newId(), newId(), newId()];
  await db()
    .insert(gamificationStatuses)
    .values([
      { id: bronze, appId, name: 'Bronze', points: 10 },
      { id: silver, appId, name: 'Silber', points: 50 },
      { id: hidden, appId, name: 'Alt', points: 1000, isActive: false },
    ]);
  return { bronze, silver, hidden };
}

describe(`level gates (${testDriver})`, () => {
  it('closes a space below its level, opens it at the level, lets managers pass; inactive gates nothing', async () => {
    const t = await communityApp(server());
    await setRewards(db(), t.app.id);
    const { silver, hidden } = await levels(t.app.id);
    const groupId = newId();
    const spaceId = newId();
    await db()
      .insert(communityGroups)
      .values({
        id: groupId,
        appId: t.app.id,
        name: 'Gruppe',
        slug: `gruppe-${spaceId.slice(-8)}`,
        position: 1,
      });
    await db()
      .insert(communitySpaces)
      .values({
        id: spaceId,
        appId: t.app.id,
        groupId,
        name: 'Silberraum',
        slug: `silber-${spaceId.slice(-8)}`,
        access: 'open',
        position: 1,
      });
    // The space form takes the level (of the app only).
    const bad = await call('PATCH', `/api/spaces/${spaceId}`, t.owner, { requiredStatusId: newId() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ requiredStatusId: expect.any(String) });
    const edited = await call('PATCH', `/api/spaces/${spaceId}`, t.owner, { requiredStatusId: silver });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      requiredStatusId: silver,
      requiredLevel: { level: 2, name: 'Silber', points: 50 },
    });

    const refused = await call('POST', `/api/spaces/${spaceId}/join`, t.member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'LEVEL_REQUIRED',
      details: { requiredLevel: { level: 2, name: 'Silber', points: 50 } },
    });
    expect((await call('GET', `/api/spaces/${spaceId}/posts`, t.member)).statusCode).toBe(403);
    // The owner manages the space: the gate does not hold for them.
    expect((await call('GET', `/api/spaces/${spaceId}/posts`, t.owner)).statusCode).toBe(200);
    const post = await call('POST', `/api/spaces/${spaceId}/posts`, t.owner, {
      name: 'Nur für Silber',
      body: '<p>Geheim</p>',
    });
    expect(post.statusCode, post.body).toBe(201);
    const postId = post.json().data.id as string;
    // A post of the space opened by its link, and its comments, are closed too.
    const single = await call('GET', `/api/posts/${postId}`, t.member);
    expect(single.statusCode).toBe(403);
    expect(single.json()).toMatchObject({ code: 'LEVEL_REQUIRED' });
    const comments = `/api/comments?entityType=post&entityId=${postId}`;
    expect((await call('GET', comments, t.member)).statusCode).toBe(403);

    await givePoints(db(), t.app.id, t.member.profileId, 50);
    expect((await call('POST', `/api/spaces/${spaceId}/join`, t.member)).statusCode).toBe(200);
    expect((await call('GET', `/api/spaces/${spaceId}/posts`, t.member)).statusCode).toBe(200);
    expect((await call('GET', `/api/posts/${postId}`, t.member)).statusCode).toBe(200);
    expect((await call('GET', comments, t.member)).statusCode).toBe(200);

    // An inactive level gates nothing.
    await db()
      .update(communitySpaces)
      .set({ requiredStatusId: hidden })
      .where(eq(communitySpaces.id, spaceId));
    await db()
      .insert(communitySpaceMembers)
      .values({ spaceId, profileId: t.other.profileId, appId: t.app.id, role: 'member', status: 'active' });
    expect((await call('GET', `/api/spaces/${spaceId}/posts`, t.other)).statusCode).toBe(200);
  });

  it('locks a course’s lessons with reason level, opens them at the level, lets managers pass', async () => {
    const t = await communityApp(server());
    await setRewards(db(), t.app.id);
    const { bronze, hidden } = await levels(t.app.id);
    const made = await call('POST', `/api/apps/${t.app.id}/courses`, t.owner, {
      type: 'course',
      name: 'Nur ab Bronze',
      isPublished: true,
      requiredStatusId: bronze,
    });
    expect(made.statusCode, made.body).toBe(201);
    const courseId = made.json().data.id as string;
    expect(made.json().data.requiredStatusId).toBe(bronze);
    const module = await call('POST', `/api/courses/${courseId}/modules`, t.owner, { name: 'Woche 1' });
    const lesson = await call('POST', `/api/modules/${module.json().data.id}/lessons`, t.owner, {
      name: 'Einstieg',
      completion: 'manual',
    });
    const lessonId = lesson.json().data.id as string;
    const stateOf = async (who: { auth: string }) => {
      const detail = await call('GET', `/api/courses/${courseId}`, who);
      expect(detail.statusCode, detail.body).toBe(200);
      return detail.json<{ data: CourseDetail }>().data.modules[0]!.lessons[0]!.lessonAction;
    };
    // The course is still listed; its lesson is locked for the member, naming the level.
    const listed = await call('GET', `/api/apps/${t.app.id}/courses`, t.member);
    expect(listed.json().data.map((course: { id: string }) => course.id)).toContain(courseId);
    expect(await stateOf(t.member)).toMatchObject({
      action: 'locked',
      reason: 'level',
      requiredLevel: { level: 1, name: 'Bronze', points: 10 },
    });
    const complete = () =>
      call('PATCH', `/api/lessons/${lessonId}/action`, t.member, { action: 'completed' });
    expect((await complete()).statusCode).toBe(403);
    expect((await stateOf(t.owner)).action).toBe('continue');

    await givePoints(db(), t.app.id, t.member.profileId, 10);
    expect((await stateOf(t.member)).action).toBe('continue');
    expect((await complete()).statusCode).toBe(200);

    // An inactive level gates nothing; a level of another app is refused by the form.
    await db().update(courses).set({ requiredStatusId: hidden }).where(eq(courses.id, courseId));
    expect((await stateOf(t.other)).action).toBe('continue');
    const other = await communityApp(server());
    const foreign = (await levels(other.app.id)).bronze;
    const refused = await call('PATCH', `/api/courses/${courseId}`, t.owner, { requiredStatusId: foreign });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses joining and writing to a gated group chat below the level; moderators pass', async () => {
    const w = await createChatWorld(server(), 'Stufenchat');
    await setRewards(db(), w.app.id);
    const { bronze, hidden } = await levels(w.app.id);
    const made = await api('POST', `/api/apps/${w.app.id}/chats`, w.owner.token, {
      kind: 'group',
      name: 'Bronzerunde',
      isPublic: true,
      profileIds: [w.ben.profileId],
      requiredStatusId: bronze,
    });
    expect(made.statusCode, made.body).toBe(201);
    const chatId = made.json().data.id as string;
    expect(made.json().data).toMatchObject({
      requiredStatusId: bronze,
      requiredLevel: { level: 1, name: 'Bronze' },
    });
    // The public list tells those below the level which one opens the chat.
    const listed = await api('GET', `/api/apps/${w.app.id}/chats/public`, w.anna.token);
    expect(listed.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: chatId, requiredLevel: expect.objectContaining({ level: 1 }) }),
      ]),
    );
    const send = (token: string) =>
      api('POST', `/api/chats/${chatId}/messages`, token, { clientId: newId(), body: '<p>Hallo</p>' });
    // The moderator writes; Ben (a member below the level) and Anna (joining) are refused.
    expect((await send(w.owner.token)).statusCode).toBe(201);
    const refused = await send(w.ben.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'LEVEL_REQUIRED' });
    expect((await api('POST', `/api/chats/${chatId}/join`, w.anna.token)).statusCode).toBe(403);

    await givePoints(db(), w.app.id, w.ben.profileId!, 10);
    expect((await send(w.ben.token)).statusCode).toBe(201);

    await db().update(chats).set({ requiredStatusId: hidden }).where(eq(chats.id, chatId));
    expect((await api('POST', `/api/chats/${chatId}/join`, w.anna.token)).statusCode).toBe(200);
  });
});
