import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  communityPosts,
  communitySpaces,
  moderationItems,
  notifications,
} from '../../db/schema/index.ts';
import type { CommentList } from '../../../contracts/community-comments.ts';
import type { ModerationCounters } from '../../../contracts/moderation.ts';
import { newId } from '../../platform/ids.ts';
import { signedInTestAccount } from '../../test/identity.ts';
import { communityApp, postsCaller, writePost, type Person } from '../../test/community-posts.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';

/*
 * Reports (issue 16): members report posts and comments others wrote, once each; the `reportsToHide`-th report
 * hides the content from everyone but its author until a moderator decides, with the counters kept right.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = postsCaller(() => server);
const db = () => server.runtime.database.db;

const postRow = async (id: string) =>
  (await db().select().from(communityPosts).where(eq(communityPosts.id, id)))[0]!;
const postsCountOf = async (spaceId: string) =>
  (await db().select().from(communitySpaces).where(eq(communitySpaces.id, spaceId)))[0]!.postsCount;
const itemOf = async (entityType: 'post' | 'comment', entityId: string) =>
  (
    await db()
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.entityType, entityType), eq(moderationItems.entityId, entityId)))
  )[0];

async function outsider() {
  const stranger = await signedInTestAccount(server);
  await createAppWithProfile(server, { id: stranger.id }, { as: 'owner' });
  return stranger.token;
}

/** An app with an open space, a post by `author`, readers, and the settings' threshold set to `reportsToHide`. */
async function setUp(reportsToHide = 2) {
  const community = await communityApp(server);
  const space = await community.space('open');
  const author = await community.person();
  const readers = [await community.person(), await community.person(), await community.person()];
  const post = await writePost(server, author, { spaceId: space }, { name: 'Gemeldet' });
  await call('PATCH', `/api/apps/${community.app.id}/moderation/settings`, community.owner.token, {
    reportsToHide,
  });
  const report = (who: Person, url: string, body: object = { reason: 'spam' }) =>
    call('POST', url, who.token, body);
  const counters = async () =>
    (await call('GET', `/api/apps/${community.app.id}/moderation/counters`, community.owner.token)).json<{
      data: ModerationCounters;
    }>().data;
  return { ...community, space, author, readers, post, report, counters };
}

describe(`reporting posts (${testDriver})`, () => {
  it('answers 401, 404 to other projects, 403 to the author, 400 on bad input, 204 once and 409 after', async () => {
    const { post, author, readers, report, counters } = await setUp();
    const url = `/api/posts/${post.id}/report`;
    expect((await call('POST', url, undefined, { reason: 'spam' })).statusCode).toBe(401);
    expect((await call('POST', url, await outsider(), { reason: 'spam' })).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/posts/${newId()}/report`, readers[0]!.token, { reason: 'spam' })).statusCode,
    ).toBe(404);
    expect((await report(author, url)).statusCode).toBe(403);
    for (const body of [
      {},
      { reason: 'boring' },
      { reason: 'other', note: 'x'.repeat(1001) },
      { reason: 'spam', extra: 1 },
    ]) {
      expect((await report(readers[0]!, url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('POST', '/api/posts/kein-id/report', readers[0]!.token, { reason: 'spam' })).statusCode,
    ).toBe(400);

    const first = await report(readers[0]!, url, { reason: 'other', note: '  Bitte prüfen  ' });
    expect(first.statusCode).toBe(204);
    expect(await counters()).toEqual({ approvedCount: 0, inboxCount: 1, rejectedCount: 0 });
    const again = await report(readers[0]!, url, { reason: 'abuse' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REPORTED');
    const item = await itemOf('post', post.id);
    expect(item).toMatchObject({ cause: 'reports', status: 'inbox', reportsCount: 1, isHidden: false });
    // Another app's owner does not see this app's item.
    const otherOwner = (await communityApp(server)).owner;
    expect((await call('GET', `/api/moderation/${item!.id}/reports`, otherOwner.token)).statusCode).toBe(404);
  });

  it('hides a post at the threshold (author still sees it), and approval brings it back at its time', async () => {
    const { app, owner, space, post, author, readers, report, counters } = await setUp(2);
    const url = `/api/posts/${post.id}/report`;
    const publishedAt = (await postRow(post.id)).publishedAt!;
    expect(await postsCountOf(space)).toBe(1);
    await report(readers[0]!, url);
    expect((await call('GET', `/api/posts/${post.id}`, readers[1]!.token)).statusCode).toBe(200);
    await report(readers[1]!, url, { reason: 'abuse' });

    // Hidden: out of the feed, the page and the count, for everyone but its author and moderators.
    expect((await call('GET', `/api/posts/${post.id}`, readers[2]!.token)).statusCode).toBe(404);
    const home = await call('GET', `/api/apps/${app.id}/community/posts/home`, readers[2]!.token);
    expect(home.json().data).toEqual([]);
    expect(await postsCountOf(space)).toBe(0);
    const own = await call('GET', `/api/posts/${post.id}`, author.token);
    expect(own.json().data).toMatchObject({ publishedAt: null, moderation: { status: 'inbox' } });
    const item = await itemOf('post', post.id);
    expect(item).toMatchObject({ isHidden: true, reportsCount: 2, status: 'inbox' });
    expect(item!.stashedPublishedAt?.getTime()).toBe(publishedAt.getTime());
    const listed = (await call('GET', `/api/apps/${app.id}/moderation`, owner.token)).json().data[0];
    expect(listed).toMatchObject({
      isHidden: true,
      reportsCount: 2,
      latestReports: [{ reason: 'abuse' }, { reason: 'spam' }],
    });
    expect(await counters()).toEqual({ approvedCount: 0, inboxCount: 1, rejectedCount: 0 });

    const approved = await call('POST', `/api/moderation/${item!.id}/approve`, owner.token);
    expect(approved.json().data).toMatchObject({ status: 'approved', isHidden: false });
    expect((await postRow(post.id)).publishedAt?.getTime()).toBe(publishedAt.getTime());
    expect(await postsCountOf(space)).toBe(1);
    expect((await call('GET', `/api/posts/${post.id}`, readers[2]!.token)).statusCode).toBe(200);

    // A moderator decided: a later report is counted and listed, but neither reopens nor hides it.
    expect((await report(readers[2]!, url)).statusCode).toBe(204);
    expect(await itemOf('post', post.id)).toMatchObject({
      status: 'approved',
      reportsCount: 3,
      isHidden: false,
    });
    expect(await postsCountOf(space)).toBe(1);
    expect(await counters()).toEqual({ approvedCount: 1, inboxCount: 0, rejectedCount: 0 });
  });

  it('reports a communities post under both spellings, once per person', async () => {
    const community = await communityApp(server);
    const category = await community.category();
    const author = await community.person();
    const reader = await community.person();
    const post = await writePost(server, author, { categoryId: category });
    expect(
      (await call('POST', `/api/communities/posts/${post.id}/report`, reader.token, { reason: 'off_topic' }))
        .statusCode,
    ).toBe(204);
    const again = await call('POST', `/api/posts/${post.id}/report`, reader.token, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    const items = (
      await call('GET', `/api/apps/${community.app.id}/moderation`, community.owner.token)
    ).json().data;
    expect(items[0]).toMatchObject({
      entity: { post: { discriminator: 'communities' } },
      category: { id: category },
      space: null,
    });
    // Category items are the managers': the app's moderator role alone does not reach them.
    const moderator = await community.person('moderator');
    expect(
      (await call('GET', `/api/apps/${community.app.id}/moderation`, moderator.token)).json().data,
    ).toEqual([]);
  });
});

describe(`reporting comments (${testDriver})`, () => {
  async function withComments(reportsToHide: number) {
    const setup = await setUp(reportsToHide);
    const commenter = await setup.person();
    const comment = async (who: Person, body: string, parentCommentId?: string) => {
      const response = await call('POST', '/api/comments', who.token, {
        entityType: 'post',
        entityId: setup.post.id,
        body: `<p>${body}</p>`,
        ...(parentCommentId ? { parentCommentId } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string };
    };
    const listOf = async (who: Person) =>
      (
        await call('GET', `/api/comments?entityType=post&entityId=${setup.post.id}`, who.token)
      ).json<CommentList>();
    const commentsCount = async () => (await postRow(setup.post.id)).commentsCount;
    return { ...setup, commenter, comment, listOf, commentsCount };
  }

  it('hides a comment with its thread at the threshold, keeps the counts right, and shows it again on approval', async () => {
    const { app, commenter, readers, owner, comment, listOf, commentsCount, report, counters } =
      await withComments(1);
    const reported = await comment(commenter, 'Werbung!');
    await comment(readers[1]!, 'Antwort', reported.id);
    await comment(readers[1]!, 'Anderes');
    expect(await commentsCount()).toBe(3);

    expect((await report(commenter, `/api/comments/${reported.id}/report`)).statusCode).toBe(403);
    expect((await report(readers[0]!, `/api/comments/${reported.id}/report`)).statusCode).toBe(204);
    expect(await counters()).toEqual({ approvedCount: 0, inboxCount: 1, rejectedCount: 0 });

    // Others see neither it nor its thread; the post counts only what they see; its author still sees it.
    const seen = await listOf(readers[2]!);
    expect(seen.data.map((shown: { body: string }) => shown.body)).toEqual(['<p>Anderes</p>']);
    expect(seen.meta.total).toBe(1);
    expect(await commentsCount()).toBe(1);
    const own = await listOf(commenter);
    expect(own.data[0]).toMatchObject({ id: reported.id, isHidden: true });
    expect(own.data[1]!.isHidden).toBeUndefined();
    const replies = `/api/comments?entityType=post&entityId=${own.data[0]!.entityId}&parentCommentId=${reported.id}`;
    expect((await call('GET', replies, readers[2]!.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/comments/${reported.id}/like`, readers[2]!.token)).statusCode).toBe(404);
    // No replies to a hidden comment, not even by its author.
    const reply = await call('POST', '/api/comments', commenter.token, {
      entityType: 'post',
      entityId: own.data[0]!.entityId,
      body: '<p>Noch was</p>',
      parentCommentId: reported.id,
    });
    expect(reply.statusCode).toBe(400);

    const item = await itemOf('comment', reported.id);
    expect(item).toMatchObject({ isHidden: true, entityType: 'comment' });
    const listed = (await call('GET', `/api/apps/${app.id}/moderation`, owner.token)).json().data[0];
    expect(listed.entity).toMatchObject({ type: 'comment', commentId: reported.id, excerpt: 'Werbung!' });
    expect(listed.author).toMatchObject({ profileId: commenter.profileId });

    await call('POST', `/api/moderation/${item!.id}/approve`, owner.token);
    expect(await commentsCount()).toBe(3);
    expect((await listOf(readers[2]!)).data).toHaveLength(2);
    // Rejected: hidden again, and its author told why.
    await call('DELETE', `/api/moderation/${item!.id}/approve`, owner.token, { reason: 'Keine Werbung' });
    expect(await commentsCount()).toBe(1);
    const [told] = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.profileId, commenter.profileId), eq(notifications.type, 'comment_rejected')),
      );
    expect(told).toMatchObject({
      commentId: reported.id,
      data: { reason: 'Keine Werbung', title: 'Gemeldet' },
    });
    // Each approval of a hidden comment tells its author it is back: after the reports' hiding, and now.
    const approvals = () =>
      db()
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.profileId, commenter.profileId), eq(notifications.type, 'comment_approved')),
        );
    expect(await approvals()).toHaveLength(1);
    await call('POST', `/api/moderation/${item!.id}/approve`, owner.token);
    expect(await approvals()).toHaveLength(2);
    expect((await approvals())[1]).toMatchObject({ commentId: reported.id });
  });

  it('tells nothing when a reported comment that was never hidden is approved', async () => {
    const { commenter, readers, owner, comment, report } = await withComments(2);
    const reported = await comment(commenter, 'Grenzfall');
    expect((await report(readers[0]!, `/api/comments/${reported.id}/report`)).statusCode).toBe(204);
    const item = await itemOf('comment', reported.id);
    expect(item).toMatchObject({ isHidden: false, status: 'inbox' });
    expect((await call('POST', `/api/moderation/${item!.id}/approve`, owner.token)).statusCode).toBe(200);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.profileId, commenter.profileId), eq(notifications.commentId, reported.id)));
    expect(told).toEqual([]);
  });

  it('keeps the counts right when a hidden comment or a reply in a hidden thread is deleted', async () => {
    const { commenter, readers, owner, comment, commentsCount, report } = await withComments(1);
    const hiddenTop = await comment(commenter, 'Oben');
    const reply = await comment(readers[1]!, 'Darunter', hiddenTop.id);
    const hiddenReply = await comment(commenter, 'Antwort', (await comment(readers[1]!, 'Zweiter')).id);
    expect(await commentsCount()).toBe(4);
    await report(readers[0]!, `/api/comments/${hiddenTop.id}/report`);
    await report(readers[0]!, `/api/comments/${hiddenReply.id}/report`);
    expect(await commentsCount()).toBe(1);
    // The reply of the hidden thread and the hidden reply go: nothing is counted twice.
    expect((await call('DELETE', `/api/comments/${reply.id}`, readers[1]!.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/comments/${hiddenReply.id}`, commenter.token)).statusCode).toBe(200);
    expect(await commentsCount()).toBe(1);
    expect(await itemOf('comment', hiddenReply.id)).toBeUndefined();
    const item = await itemOf('comment', hiddenTop.id);
    await call('POST', `/api/moderation/${item!.id}/approve`, owner.token);
    expect(await commentsCount()).toBe(2);
    const [row] = await db().select().from(comments).where(eq(comments.id, hiddenTop.id));
    expect(row!.hiddenAt).toBeNull();
  });
});
