import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, communityCategories, communityPosts, communitySpaces } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { communityApp, postsCaller, writePost, type Person } from '../../test/community-posts.ts';
import { signedInTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = postsCaller(() => server);
const db = () => server.runtime.database.db;

const countOfSpace = async (id: string) =>
  (await db().select().from(communitySpaces).where(eq(communitySpaces.id, id)))[0]!.postsCount;
const countOfCategory = async (id: string) =>
  (await db().select().from(communityCategories).where(eq(communityCategories.id, id)))[0]!.postsCount;
const rowOf = async (id: string) =>
  (await db().select().from(communityPosts).where(eq(communityPosts.id, id)))[0]!;

async function outsider() {
  const stranger = await signedInTestAccount(server);
  await createAppWithProfile(server, { id: stranger.id }, { as: 'owner' });
  return stranger.token;
}

async function setUp() {
  const community = await communityApp(server);
  const open = await community.space('open');
  const member = await community.person();
  const moderator = await community.person();
  await community.join(open, member);
  await community.join(open, moderator, { role: 'moderator' });
  const post = await writePost(server, member, { spaceId: open });
  return { ...community, open, member, moderator, post };
}

/** Every post action's address with its method and body, for one post. */
const actionsOf = (id: string, prefix = '/api/posts'): [string, string, object?][] => [
  ['PATCH', `${prefix}/${id}`, { name: 'Neu' }],
  ['DELETE', `${prefix}/${id}`],
  ['PATCH', `${prefix}/${id}/publish`],
  ['POST', `${prefix}/${id}/pin-to-top`],
  ['DELETE', `${prefix}/${id}/pin-to-top`],
  ['POST', `${prefix}/${id}/pin-to-sidebar`],
  ['DELETE', `${prefix}/${id}/pin-to-sidebar`],
  ['PATCH', `${prefix}/${id}/move`, { spaceId: newId() }],
  ['POST', `${prefix}/${id}/clone`],
  ['PATCH', `${prefix}/${id}/follow`],
  ['DELETE', `${prefix}/${id}/follow`],
  ['POST', `${prefix}/${id}/like`],
  ['DELETE', `${prefix}/${id}/like`],
];

describe(`post actions (${testDriver})`, () => {
  it('answers 401 to anonymous callers and 404 to other projects and for unknown posts, on both spellings', async () => {
    const { post, category, owner, member } = await setUp();
    const categoryPost = await writePost(server, owner, { categoryId: await category() });
    const foreign = await outsider();
    for (const [id, prefix] of [
      [post.id, '/api/posts'],
      [categoryPost.id, '/api/communities/posts'],
    ] as const) {
      for (const [method, url, payload] of actionsOf(id, prefix)) {
        expect((await call(method as 'PATCH', url, undefined, payload)).statusCode, `${method} ${url}`).toBe(
          401,
        );
        expect((await call(method as 'PATCH', url, foreign, payload)).statusCode, `${method} ${url}`).toBe(
          404,
        );
      }
    }
    for (const [method, url, payload] of actionsOf(newId())) {
      expect((await call(method as 'PATCH', url, member.token, payload)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    expect((await call('PATCH', '/api/posts/keine-id/follow', member.token)).statusCode).toBe(400);
  });

  it('refuses members the moderators’ actions (403) and takes bad input as 400', async () => {
    const { post, person, open, join, moderator } = await setUp();
    const other = await person();
    await join(open, other);
    for (const [method, url, payload] of actionsOf(post.id).filter(([, url]) => !/follow|like/.test(url))) {
      expect((await call(method as 'PATCH', url, other.token, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
    expect((await call('PATCH', `/api/posts/${post.id}`, moderator.token, { name: '' })).statusCode).toBe(
      400,
    );
    expect((await call('PATCH', `/api/posts/${post.id}/move`, moderator.token, {})).json()).toMatchObject({
      errors: { spaceId: 'validation.someRequired' },
    });
    expect(
      (await call('PATCH', `/api/posts/${post.id}/move`, moderator.token, { spaceId: 'x' })).statusCode,
    ).toBe(400);
  });

  it('edits a post: the author and moderators, a taken slug is 409, mentions follow the body', async () => {
    const { post, member, moderator, open } = await setUp();
    const second = await writePost(server, member, { spaceId: open });
    const edited = await call('PATCH', `/api/posts/${post.id}`, member.token, {
      name: 'Neuer Name',
      body: '<p>Neu <em>betont</em></p>',
      isCommentsDisabled: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Neuer Name',
      body: '<p>Neu <em>betont</em></p>',
      excerpt: 'Neu betont',
      isCommentsDisabled: true,
      slug: post.slug,
    });
    expect(edited.json().data.permissions.can).not.toContain('comment');
    const taken = await call('PATCH', `/api/posts/${post.id}`, moderator.token, { slug: second.slug });
    expect(taken.statusCode).toBe(409);
    expect(
      (await call('PATCH', `/api/posts/${post.id}`, moderator.token, { slug: 'eigene-adresse' })).json().data
        .slug,
    ).toBe('eigene-adresse');
    // The member page finds it by its new address.
    const bySlug = await call('GET', `/api/posts/eigene-adresse`, member.token, undefined, {
      'x-app-id': (await rowOf(post.id)).appId,
    });
    expect(bySlug.json().data.id).toBe(post.id);
  });

  it('pins one post to the top of a space: pinning another clears the first', async () => {
    const { post, member, moderator, open } = await setUp();
    const second = await writePost(server, member, { spaceId: open });
    const pinned = await call('POST', `/api/posts/${post.id}/pin-to-top`, moderator.token);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().data.pinnedToTopAt).toEqual(expect.any(String));
    await call('POST', `/api/posts/${second.id}/pin-to-top`, moderator.token);
    expect((await rowOf(post.id)).pinnedToTopAt).toBeNull();
    expect((await rowOf(second.id)).pinnedToTopAt).not.toBeNull();
    // Several pins at once still leave one.
    await Promise.all(
      [post.id, second.id, post.id].map((id) => call('POST', `/api/posts/${id}/pin-to-top`, moderator.token)),
    );
    const pins = await db().select().from(communityPosts).where(eq(communityPosts.spaceId, open));
    expect(pins.filter((row) => row.pinnedToTopAt !== null)).toHaveLength(1);
    const unpinned = await call('DELETE', `/api/posts/${second.id}/pin-to-top`, moderator.token);
    expect(unpinned.statusCode).toBe(200);
    // The list shows the pinned post first.
    await call('POST', `/api/posts/${post.id}/pin-to-top`, moderator.token);
    const list = await call('GET', `/api/spaces/${open}/posts`, member.token);
    expect(list.json().data[0].id).toBe(post.id);
    // Pins to the sidebar are not exclusive.
    await call('POST', `/api/posts/${post.id}/pin-to-sidebar`, moderator.token);
    await call('POST', `/api/posts/${second.id}/pin-to-sidebar`, moderator.token);
    expect((await rowOf(post.id)).pinnedToSidebarAt).not.toBeNull();
    expect((await rowOf(second.id)).pinnedToSidebarAt).not.toBeNull();
    expect(
      (await call('DELETE', `/api/posts/${post.id}/pin-to-sidebar`, moderator.token)).json().data,
    ).toMatchObject({
      pinnedToSidebarAt: null,
    });
  });

  it('moves a post from a space to a category and back: counters, comments, pins and abilities follow', async () => {
    const { post, owner, open, category, space } = await setUp();
    const target = await category();
    await call('POST', `/api/posts/${post.id}/pin-to-top`, owner.token);
    await db()
      .insert(comments)
      .values({
        id: newId(),
        appId: (await rowOf(post.id)).appId,
        entityType: 'post',
        entityId: post.id,
        authorProfileId: owner.profileId,
        bodyHtml: '<p>Hallo</p>',
      });
    const moved = await call('PATCH', `/api/posts/${post.id}/move`, owner.token, { categoryId: target });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      discriminator: 'communities',
      space: null,
      category: { id: target },
      pinnedToTopAt: null,
    });
    expect(await countOfSpace(open)).toBe(0);
    expect(await countOfCategory(target)).toBe(1);
    const [comment] = await db().select().from(comments).where(eq(comments.entityId, post.id));
    expect(comment!.entityType).toBe('communities_post');
    const back = await space('open');
    const returned = await call('PATCH', `/api/communities/posts/${post.id}/move`, owner.token, {
      spaceId: back,
    });
    expect(returned.json().data).toMatchObject({
      discriminator: 'groups',
      space: { id: back },
      category: null,
    });
    expect(await countOfCategory(target)).toBe(0);
    expect(await countOfSpace(back)).toBe(1);
  });

  it('moves only where the caller may write: 404 for an invisible target, 403 without create_post', async () => {
    const { post, moderator, space, app } = await setUp();
    const secret = await space('secret');
    expect(
      (await call('PATCH', `/api/posts/${post.id}/move`, moderator.token, { spaceId: secret })).statusCode,
    ).toBe(404);
    const closed = await space('private');
    expect(
      (await call('PATCH', `/api/posts/${post.id}/move`, moderator.token, { spaceId: closed })).statusCode,
    ).toBe(403);
    const elsewhere = await (await communityApp(server)).space('open');
    expect(
      (await call('PATCH', `/api/posts/${post.id}/move`, moderator.token, { spaceId: elsewhere })).statusCode,
    ).toBe(404);
    expect(app.id).toBeTruthy();
  });

  it('clones a post into the same container, unpublished, with a new slug and a fresh copy of its poll', async () => {
    const { member, owner, open, app } = await setUp();
    const vote = await call('POST', `/api/apps/${app.id}/votes`, member.token, {
      question: 'Kaffee oder Tee?',
      options: ['Kaffee', 'Tee'],
    });
    const original = await writePost(
      server,
      member,
      { spaceId: open },
      { name: 'Vorlage', voteId: vote.json().data.id },
    );
    await call('POST', `/api/posts/${original.id}/like`, member.token);
    const clone = await call('POST', `/api/posts/${original.id}/clone`, owner.token);
    expect(clone.statusCode).toBe(201);
    const copy = clone.json().data;
    expect(copy).toMatchObject({
      name: 'Vorlage',
      slug: 'vorlage-2',
      isScheduled: true,
      publishedAt: null,
      likesCount: 0,
      space: { id: open },
      author: { profileId: owner.profileId },
      vote: { question: 'Kaffee oder Tee?', votersCount: 0 },
    });
    expect(copy.vote.id).not.toBe(vote.json().data.id);
    expect(copy.shareHash).toBeNull();
    // The set-up's post and the original; the copy waits.
    expect(await countOfSpace(open)).toBe(2);
    // Invisible to members until published, then counted once.
    expect((await call('GET', `/api/posts/${copy.id}`, member.token)).statusCode).toBe(404);
    const published = await call('PATCH', `/api/posts/${copy.id}/publish`, owner.token);
    expect(published.json().data).toMatchObject({ isScheduled: false, publishedAt: expect.any(String) });
    expect(await countOfSpace(open)).toBe(3);
    expect((await call('GET', `/api/posts/${copy.id}`, member.token)).statusCode).toBe(200);
  });

  it('clones a category post into its category', async () => {
    const { owner, category } = await setUp();
    const target = await category();
    const post = await writePost(server, owner, { categoryId: target }, { name: 'Kategoriebeitrag' });
    const clone = await call('POST', `/api/communities/posts/${post.id}/clone`, owner.token);
    expect(clone.json().data).toMatchObject({ discriminator: 'communities', category: { id: target } });
  });

  it('follows and likes idempotently; likes move likesCount and trend score in step', async () => {
    const { post, person, open, join } = await setUp();
    const fan = await person();
    await join(open, fan);
    for (let i = 0; i < 2; i += 1) {
      const followed = await call('PATCH', `/api/posts/${post.id}/follow`, fan.token);
      expect(followed.json()).toEqual({ data: { isFollowed: true } });
      const liked = await call('POST', `/api/posts/${post.id}/like`, fan.token);
      expect(liked.json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    }
    expect((await rowOf(post.id)).trendScore).toBe(1);
    // `{type}/{entityId}/follow` knows posts (answered by the routes above) and refuses other kinds.
    expect((await call('PATCH', `/api/events/${post.id}/follow`, fan.token)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/posts/${post.id}/follow`, fan.token)).json()).toEqual({
      data: { isFollowed: false },
    });
    expect((await call('PATCH', `/api/posts/${post.id}/follow`, fan.token)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect((await call('DELETE', `/api/posts/${post.id}/like`, fan.token)).json()).toEqual({
        data: { isLiked: false, likesCount: 0 },
      });
    }
    expect((await rowOf(post.id)).trendScore).toBe(0);
    const seen = await call('GET', `/api/posts/${post.id}`, fan.token);
    expect(seen.json().data).toMatchObject({ isFollowed: true, isLiked: false });
    // A post with likes switched off takes none.
    await db().update(communityPosts).set({ isLikesDisabled: true }).where(eq(communityPosts.id, post.id));
    expect((await call('POST', `/api/posts/${post.id}/like`, fan.token)).statusCode).toBe(403);
  });

  it('lets blocked members like nothing and punished members read only', async () => {
    const { post, person, open, join, sanction } = await setUp();
    const punished: Person = await person();
    await join(open, punished);
    await sanction(punished, 'punished');
    expect((await call('GET', `/api/posts/${post.id}`, punished.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/posts/${post.id}/like`, punished.token)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/posts/${post.id}/follow`, punished.token)).statusCode).toBe(403);
    const blocked = await person();
    await join(open, blocked);
    await sanction(blocked, 'blocked');
    expect((await call('POST', `/api/posts/${post.id}/like`, blocked.token)).statusCode).toBe(404);
  });

  it('deletes softly: the post leaves lists and counters, a second delete is 404', async () => {
    const { post, member, open, moderator } = await setUp();
    expect(await countOfSpace(open)).toBe(1);
    expect((await call('DELETE', `/api/posts/${post.id}`, member.token)).statusCode).toBe(204);
    expect(await countOfSpace(open)).toBe(0);
    expect((await rowOf(post.id)).deletedAt).not.toBeNull();
    expect((await call('DELETE', `/api/posts/${post.id}`, moderator.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/spaces/${open}/posts`, member.token)).json().data).toEqual([]);
  });
});
