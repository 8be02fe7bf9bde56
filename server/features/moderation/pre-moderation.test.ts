import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  communityCategories,
  communityPosts,
  communitySpaces,
  moderationItems,
  notifications,
} from '../../db/schema/index.ts';
import { communityApp, postsCaller, writePost, type Person } from '../../test/community-posts.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import type { PostList } from '../../../contracts/community-posts.ts';
import type { ModerationCounters, ModerationList } from '../../../contracts/moderation.ts';
import { publishPost } from '../community/publish.job.ts';

/*
 * Pre-moderation (issue 16): posts of a space with `pre_moderation`, and a member's first posts when the
 * settings ask for it, wait in the inbox unseen by others until a moderator approves them; approving publishes
 * them once, rejecting tells the author why, and a moderator decides only on the spaces they moderate.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const call = postsCaller(() => server);
const db = () => server.runtime.database.db;

const postsCountOf = async (spaceId: string) =>
  (await db().select().from(communitySpaces).where(eq(communitySpaces.id, spaceId)))[0]!.postsCount;
const postRow = async (id: string) =>
  (await db().select().from(communityPosts).where(eq(communityPosts.id, id)))[0]!;

/** An app with a pre-moderated open space, its author and reader (members), and the app's owner. */
async function setUp() {
  const community = await communityApp(server);
  const space = await community.space('open');
  await db().update(communitySpaces).set({ preModeration: true }).where(eq(communitySpaces.id, space));
  const author = await community.person();
  const reader = await community.person();
  await community.join(space, author);
  await community.join(space, reader);
  const inbox = (who: Person, query = '') =>
    call('GET', `/api/apps/${community.app.id}/moderation${query}`, who.token);
  const counters = async (who: Person) =>
    (await call('GET', `/api/apps/${community.app.id}/moderation/counters`, who.token)).json<{
      data: ModerationCounters;
    }>().data;
  const home = async (who: Person) =>
    (await call('GET', `/api/apps/${community.app.id}/community/posts/home`, who.token)).json<PostList>();
  const spacePosts = async (who: Person) =>
    (await call('GET', `/api/spaces/${space}/posts`, who.token)).json<PostList>();
  const bySlug = (who: Person, slug: string) =>
    call('GET', `/api/posts/${slug}`, who.token, undefined, { 'x-app-id': community.app.id });
  return { ...community, space, author, reader, inbox, counters, home, spacePosts, bySlug };
}

const itemOf = async (postId: string) =>
  (
    await db()
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.entityType, 'post'), eq(moderationItems.entityId, postId)))
  )[0]!;

describe(`pre-moderated spaces (${testDriver})`, () => {
  it('holds a member’s post unseen by others until approved, then publishes and counts it once', async () => {
    const { space, author, reader, owner, inbox, counters, home, spacePosts, bySlug } = await setUp();
    const created = await call('POST', `/api/spaces/${space}/posts`, author.token, {
      name: 'Erst prüfen',
      body: '<p>Bitte freigeben</p>',
    });
    expect(created.statusCode).toBe(201);
    const post = created.json().data;
    // The author sees it, with where moderation stands and no way to publish it past the moderators.
    expect(post).toMatchObject({ publishedAt: null, isScheduled: false, moderation: { status: 'inbox' } });
    expect(post.permissions.can).toEqual(expect.arrayContaining(['view', 'edit', 'delete']));
    expect(post.permissions.can).not.toContain('publish');
    expect(post.permissions.can).not.toContain('edit_publish_time');
    expect((await bySlug(author, post.slug)).json().data.moderation).toEqual({ status: 'inbox' });
    expect((await call('PATCH', `/api/posts/${post.id}/publish`, author.token)).statusCode).toBe(403);

    // Nobody else sees it: not in the feed, the space's list, by its slug or in the space's count.
    expect((await home(reader)).data).toEqual([]);
    expect((await spacePosts(reader)).data).toEqual([]);
    expect((await bySlug(reader, post.slug)).statusCode).toBe(404);
    expect(await postsCountOf(space)).toBe(0);
    // The schedule's job and sweep never publish it.
    expect(await publishPost(db(), post.id)).toBe(false);

    // The inbox: a held item, hidden, counted.
    const list = (await inbox(owner)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      cause: 'pre_moderation',
      status: 'inbox',
      isHidden: true,
      reportsCount: 0,
      entity: { type: 'post', post: { id: post.id, name: 'Erst prüfen' }, excerpt: 'Bitte freigeben' },
      author: { profileId: author.profileId },
    });
    expect(await counters(owner)).toEqual({ approvedCount: 0, inboxCount: 1, rejectedCount: 0 });

    // Approving publishes it: visible to the reader, counted once — also when approved twice at once.
    const itemId = list.data[0].id as string;
    const [first, second] = await Promise.all([
      call('POST', `/api/moderation/${itemId}/approve`, owner.token),
      call('POST', `/api/moderation/${itemId}/approve`, owner.token),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await postsCountOf(space)).toBe(1);
    expect((await home(reader)).data.map((shown: { id: string }) => shown.id)).toEqual([post.id]);
    expect((await spacePosts(reader)).meta.total).toBe(1);
    const published = (await bySlug(reader, post.slug)).json().data;
    expect(published.publishedAt).not.toBeNull();
    expect(published.moderation).toBeUndefined();
    expect((await inbox(owner)).json().data).toEqual([]);
    expect(await counters(owner)).toEqual({ approvedCount: 1, inboxCount: 0, rejectedCount: 0 });
    expect((await inbox(owner, '?status=approved')).json().data[0]).toMatchObject({
      id: itemId,
      isHidden: false,
    });
    const told = await db().select().from(notifications).where(eq(notifications.profileId, author.profileId));
    expect(told.map((row) => row.type)).toEqual(['post_approved']);
    expect(told[0]!.data).toEqual({ title: 'Erst prüfen' });
  });

  it('rejects with a reason the author is told, removes an approval and publishes again on approval', async () => {
    const { space, author, reader, owner, counters, home, bySlug } = await setUp();
    const post = await writePost(server, author, { spaceId: space }, { name: 'Strittig' });
    const { id: itemId } = await itemOf(post.id);

    const rejected = await call('DELETE', `/api/moderation/${itemId}/approve`, owner.token, {
      reason: ' Bitte ohne Werbung. ',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Bitte ohne Werbung.' });
    expect(await counters(owner)).toEqual({ approvedCount: 0, inboxCount: 0, rejectedCount: 1 });
    expect((await bySlug(reader, post.slug)).statusCode).toBe(404);
    expect((await bySlug(author, post.slug)).json().data.moderation).toEqual({ status: 'rejected' });
    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.profileId, author.profileId), eq(notifications.type, 'post_rejected')));
    expect(told!.data).toEqual({ reason: 'Bitte ohne Werbung.', title: 'Strittig' });
    expect(told!.postId).toBe(post.id);
    expect(told!.actorIds).toEqual([owner.profileId]);

    // Approve after reject publishes; reject again ("removes the approval") hides it and takes it off the count.
    await call('POST', `/api/moderation/${itemId}/approve`, owner.token);
    expect(await postsCountOf(space)).toBe(1);
    const publishedAt = (await postRow(post.id)).publishedAt;
    expect(publishedAt).not.toBeNull();
    await call('DELETE', `/api/moderation/${itemId}/approve`, owner.token, { reason: 'Doch nicht.' });
    expect(await postsCountOf(space)).toBe(0);
    expect((await home(reader)).data).toEqual([]);
    expect(await counters(owner)).toEqual({ approvedCount: 0, inboxCount: 0, rejectedCount: 1 });
    // Approved again, it returns at its first publication time.
    await call('POST', `/api/moderation/${itemId}/approve`, owner.token);
    expect(await postsCountOf(space)).toBe(1);
    expect((await postRow(post.id)).publishedAt?.getTime()).toBe(publishedAt!.getTime());
    expect(await counters(owner)).toEqual({ approvedCount: 1, inboxCount: 0, rejectedCount: 0 });
  });

  it('does not hold the posts of whoever moderates the space', async () => {
    const { space, join, person, owner, inbox } = await setUp();
    const spaceModerator = await person();
    await join(space, spaceModerator, { role: 'moderator' });
    const byModerator = await writePost(server, spaceModerator, { spaceId: space });
    const byOwner = await writePost(server, owner, { spaceId: space });
    expect(byModerator.publishedAt).not.toBeNull();
    expect(byOwner.publishedAt).not.toBeNull();
    expect((await inbox(owner)).json().data).toEqual([]);
    expect(await postsCountOf(space)).toBe(2);
  });
});

describe(`pre-moderated first posts (${testDriver})`, () => {
  it('holds a member’s first posts (spaces and categories) until enough of theirs are published', async () => {
    const community = await communityApp(server);
    const { app, owner } = community;
    const space = await community.space('open');
    const category = await community.category();
    const member = await community.person();
    await community.join(space, member);
    await call('PATCH', `/api/apps/${app.id}/moderation/settings`, owner.token, { premoderateFirstPosts: 1 });

    const first = await writePost(server, member, { categoryId: category });
    expect(first).toMatchObject({ publishedAt: null, moderation: { status: 'inbox' } });
    const second = await writePost(server, member, { spaceId: space });
    expect(second.moderation).toEqual({ status: 'inbox' });
    const [categoryCount] = await db()
      .select({ postsCount: communityCategories.postsCount })
      .from(communityCategories)
      .where(eq(communityCategories.id, category));
    expect(categoryCount!.postsCount).toBe(0);
    // Items of a category (no moderators of its own) are the managers'.
    const items = (await call('GET', `/api/apps/${app.id}/moderation`, owner.token)).json().data;
    expect(
      items.map((item: { category: unknown; space: unknown }) => Boolean(item.category ?? item.space)),
    ).toEqual([true, true]);
    const { id: firstItem } = await itemOf(first.id);
    await call('POST', `/api/moderation/${firstItem}/approve`, owner.token);

    // One published post: the next ones go out at once.
    const third = await writePost(server, member, { spaceId: space });
    expect(third.publishedAt).not.toBeNull();
    expect(third.moderation).toBeUndefined();
  });
});

describe(`who moderates which item (${testDriver})`, () => {
  it('shows a moderator only the items of the spaces they moderate, the admins all, and tells each', async () => {
    const community = await communityApp(server);
    const { app, owner, person, join } = community;
    const spaceA = await community.space('open', 'Raum A');
    const spaceB = await community.space('open', 'Raum B');
    for (const id of [spaceA, spaceB]) {
      await db().update(communitySpaces).set({ preModeration: true }).where(eq(communitySpaces.id, id));
    }
    const moderatorA = await person('moderator');
    const moderatorB = await person('moderator');
    const admin = await person('admin');
    await join(spaceA, moderatorA, { role: 'moderator' });
    await join(spaceB, moderatorB, { role: 'moderator' });
    const member = await person();
    const emit = vi.spyOn(server.runtime.realtime, 'emit');

    const inA = await writePost(server, member, { spaceId: spaceA });
    await vi.waitFor(() => {
      const rooms = emit.mock.calls.filter(([, event]) => event === 'counters').map(([room]) => room);
      expect(new Set(rooms)).toEqual(
        new Set([
          `profile:${owner.profileId}`,
          `profile:${admin.profileId}`,
          `profile:${moderatorA.profileId}`,
        ]),
      );
    });
    expect(emit).toHaveBeenCalledWith(`profile:${moderatorA.profileId}`, 'counters', { moderation: true });
    const inB = await writePost(server, member, { spaceId: spaceB });
    const itemA = (await itemOf(inA.id)).id;
    const itemB = (await itemOf(inB.id)).id;

    const idsSeenBy = async (who: Person) =>
      (await call('GET', `/api/apps/${app.id}/moderation`, who.token))
        .json<ModerationList>()
        .data.map((item) => item.id)
        .sort();
    expect(await idsSeenBy(moderatorA)).toEqual([itemA]);
    expect(await idsSeenBy(moderatorB)).toEqual([itemB]);
    expect(await idsSeenBy(admin)).toEqual([itemA, itemB].sort());
    const countersOf = async (who: Person) =>
      (await call('GET', `/api/apps/${app.id}/moderation/counters`, who.token)).json<{
        data: ModerationCounters;
      }>().data.inboxCount;
    expect([await countersOf(moderatorA), await countersOf(admin)]).toEqual([1, 2]);

    // Space A's moderator cannot reach B's item at all.
    expect((await call('POST', `/api/moderation/${itemB}/approve`, moderatorA.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/moderation/${itemB}/reports`, moderatorA.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/moderation/${itemB}/approve`, moderatorA.token, {})).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/moderation/${itemA}/approve`, moderatorA.token)).statusCode).toBe(200);
    expect(await postsCountOf(spaceA)).toBe(1);
    expect(await postsCountOf(spaceB)).toBe(0);
    expect([await countersOf(moderatorA), await countersOf(moderatorB), await countersOf(admin)]).toEqual([
      0, 1, 1,
    ]);
  });

  it('moves a held post’s item to the moderators of the space it is moved to', async () => {
    const community = await communityApp(server);
    const { owner, person, join } = community;
    const from = await community.space('open');
    const to = await community.space('open');
    await db().update(communitySpaces).set({ preModeration: true }).where(eq(communitySpaces.id, from));
    const moderatorOfTarget = await person('moderator');
    await join(to, moderatorOfTarget, { role: 'moderator' });
    const member = await person();
    const held = await writePost(server, member, { spaceId: from });
    const moved = await call('PATCH', `/api/posts/${held.id}/move`, owner.token, { spaceId: to });
    expect(moved.statusCode).toBe(200);
    expect((await itemOf(held.id)).spaceId).toBe(to);
    const list = await call('GET', `/api/apps/${community.app.id}/moderation`, moderatorOfTarget.token);
    expect(list.json().data.map((item: { entity: { post: { id: string } } }) => item.entity.post.id)).toEqual(
      [held.id],
    );
    // Still held: the move publishes nothing.
    expect(await postsCountOf(to)).toBe(0);
  });
});
