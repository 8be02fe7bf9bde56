import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  communityGroups,
  communitySpaceMembers,
  communitySpaces,
  moderationItems,
} from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { communityApp, communityCaller, type Person } from '../../test/community-spaces.ts';
import { setRewards } from '../../test/rewards.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { earnedCount, expectOk, pointsOf } from './earning.testing.ts';

/*
 * Earning (issue 21): each action of the product awards its rule once, in the action's own transaction, and
 * deleting, rejecting, unliking or leaving takes it back. Here the community's posts, comments and likes; the
 * courses, events, tickets and the chat's message fee: earning-elsewhere.test.ts. Through HTTP wherever the
 * action is a route. One server per file, one app per test.
 */

const server = useTestServer();
const db = () => server().runtime.database.db;
const call = communityCaller(server);

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
  const points = (who: Person) => pointsOf(db(), tenant.app.id, who.profileId);
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
    expect(await earnedCount(db(), w.app.id, w.member.profileId, 'like_received')).toBe(1);

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

  it('awards nothing while the rewards service is off', async () => {
    const w = await world();
    await setRewards(db(), w.app.id, false);
    const post = await w.write(w.member);
    await expectOk(await call('POST', `/api/posts/${post.id}/like`, w.other));
    expect(await w.points(w.member)).toBe(0);
  });
});
