import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityCategories,
  communityPostFollows,
  communitySpaces,
  mentions,
} from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { signedInTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';
import { communityApp, postsCaller, writePost } from '../../test/community-posts.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = postsCaller(() => server);
const db = () => server.runtime.database.db;

const postsCountOf = async (spaceId: string) =>
  (await db().select().from(communitySpaces).where(eq(communitySpaces.id, spaceId)))[0]!.postsCount;

async function outsider() {
  const stranger = await signedInTestAccount(server);
  await createAppWithProfile(server, { id: stranger.id }, { as: 'owner' });
  return stranger.token;
}

async function setUp() {
  const community = await communityApp(server);
  const open = await community.space('open');
  const member = await community.person();
  await community.join(open, member);
  return { ...community, open, member };
}

describe(`posts: create (${testDriver})`, () => {
  it('writes a post in a space: sanitized body, excerpt, slug, the author follows, the space counts it', async () => {
    const { open, member, app } = await setUp();
    const mentioned = await (await communityApp(server)).person();
    const created = await call('POST', `/api/spaces/${open}/posts`, member.token, {
      name: ' Grüße aus Köln ',
      body: `<p onclick="x()">Hallo <script>alert(1)</script><strong>Welt</strong></p><p>${'lang '.repeat(100)}</p>`,
    });
    expect(created.statusCode).toBe(201);
    const post = created.json().data;
    expect(post).toMatchObject({
      discriminator: 'groups',
      name: 'Grüße aus Köln',
      slug: 'gruesse-aus-koeln',
      body: expect.not.stringContaining('script'),
      isScheduled: false,
      isFollowed: true,
      isLiked: false,
      likesCount: 0,
      commentsCount: 0,
      space: { id: open },
      category: null,
      author: { profileId: member.profileId, name: 'Ben Test' },
      shareHash: expect.any(String),
      permissions: { can: expect.arrayContaining(['view', 'edit', 'delete', 'like', 'comment', 'follow']) },
    });
    expect(post.body).not.toContain('onclick');
    expect(post.excerpt.length).toBeLessThanOrEqual(300);
    expect(post.excerpt.endsWith('…')).toBe(true);
    expect(post.permissions.can).not.toContain('pin_to_top');
    expect(await postsCountOf(open)).toBe(1);
    const follows = await db()
      .select()
      .from(communityPostFollows)
      .where(eq(communityPostFollows.postId, post.id));
    expect(follows.map((row) => row.profileId)).toEqual([member.profileId]);

    const again = await call('POST', `/api/spaces/${open}/posts`, member.token, { name: 'Grüße aus Köln' });
    expect(again.json().data.slug).toBe('gruesse-aus-koeln-2');
    const third = await call('POST', `/api/spaces/${open}/posts`, member.token, { name: 'Grüße aus Köln' });
    expect(third.json().data.slug).toBe('gruesse-aus-koeln-3');
    const taken = await call('POST', `/api/spaces/${open}/posts`, member.token, {
      name: 'Anders',
      slug: 'gruesse-aus-koeln-2',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: { slug: 'validation.slugTaken' } });
    const reserved = await call('POST', `/api/spaces/${open}/posts`, member.token, { name: 'Meta' });
    expect(reserved.json().data.slug).toBe('meta-post');
    expect(mentioned.profileId).toBeTruthy();
    expect(app.id).toBeTruthy();
  });

  it('records the members a post mentions (of this app only)', async () => {
    const { open, member, person } = await setUp();
    const friend = await person();
    const foreign = await (await communityApp(server)).person();
    const mention = (id: string) => `<span data-type="mention" data-id="${id}" data-label="X">@X</span>`;
    const post = await writePost(
      server,
      member,
      { spaceId: open },
      {
        body: `<p>${mention(friend.profileId)} ${mention(foreign.profileId)}</p>`,
      },
    );
    const rows = await db().select().from(mentions).where(eq(mentions.sourceId, post.id));
    expect(rows.map((row) => row.profileId)).toEqual([friend.profileId]);
  });

  it('writes in a communities category with the same engine', async () => {
    const { member, category, categoryCount } = await withCategory();
    const post = await writePost(server, member, { categoryId: category });
    expect(post).toMatchObject({ discriminator: 'communities', space: null, category: { id: category } });
    expect(await categoryCount()).toBe(1);
  });

  it('answers 401, 404 to other projects and to non-members of secret spaces, 403 without the ability, 400 for bad input', async () => {
    const { open, member, space, person, sanction, owner } = await setUp();
    const url = `/api/spaces/${open}/posts`;
    expect((await call('POST', url, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('POST', url, await outsider(), { name: 'X' })).statusCode).toBe(404);
    expect((await call('POST', `/api/spaces/${newId()}/posts`, member.token, { name: 'X' })).statusCode).toBe(
      404,
    );
    const secret = await space('secret');
    expect((await call('POST', `/api/spaces/${secret}/posts`, member.token, { name: 'X' })).statusCode).toBe(
      404,
    );
    // A private space is listed, but only its members write in it.
    const closed = await space('private');
    expect((await call('POST', `/api/spaces/${closed}/posts`, member.token, { name: 'X' })).statusCode).toBe(
      403,
    );
    const punished = await person();
    await sanction(punished, 'punished');
    expect((await call('POST', url, punished.token, { name: 'X' })).statusCode).toBe(403);
    const blocked = await person();
    await sanction(blocked, 'blocked');
    expect((await call('POST', url, blocked.token, { name: 'X' })).statusCode).toBe(404);
    // Scheduling and pinning are the moderators'.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call('POST', url, member.token, { name: 'X', publishAt: later })).statusCode).toBe(403);
    expect((await call('POST', url, member.token, { name: 'X', isPinnedToTop: true })).statusCode).toBe(403);
    expect((await call('POST', url, owner.token, { name: 'X', publishAt: later })).statusCode).toBe(201);

    const bad = async (payload: object) =>
      (await call('POST', url, member.token, payload)).json<{ code: string; errors?: unknown }>();
    expect((await bad({ name: '' })).errors).toMatchObject({ name: 'validation.required' });
    expect((await bad({ name: 'x'.repeat(201) })).errors).toMatchObject({
      name: 'validation.validateMaxLength',
    });
    expect((await bad({ name: 'X', slug: 'Nicht gültig!' })).errors).toMatchObject({
      slug: 'validation.allowedSymbols.slug',
    });
    expect((await bad({ name: 'X', unknown: 1 })).code).toBe('VALIDATION_FAILED');
    expect((await bad({ name: 'X', timeZone: 'Mars/Olympus' })).errors).toEqual({
      timeZone: 'validation.invalidValue',
    });
    expect((await bad({ name: 'X', coverId: newId(), mediaIds: [newId()] })).errors).toEqual({
      coverId: 'validation.invalidValue',
      'mediaIds.0': 'validation.invalidValue',
    });
    expect((await bad({ name: 'X', voteId: newId() })).errors).toEqual({ voteId: 'validation.invalidValue' });
  });

  it('takes pictures and media only from the caller’s own library (managers: the project’s)', async () => {
    const { open, member, app, owner } = await setUp();
    const picture = await insertCloudFile(db(), {
      projectId: app.projectId,
      ownerAccountId: member.accountId,
      type: 'image',
      name: 'bild.webp',
      mimeType: 'image/webp',
    });
    const video = await insertCloudFile(db(), {
      projectId: app.projectId,
      ownerAccountId: member.accountId,
      type: 'video',
      name: 'film.mp4',
      mimeType: 'video/mp4',
    });
    const others = await insertCloudFile(db(), {
      projectId: app.projectId,
      ownerAccountId: owner.accountId,
      type: 'image',
      name: 'fremd.webp',
      mimeType: 'image/webp',
    });
    const post = await writePost(
      server,
      member,
      { spaceId: open },
      {
        coverId: picture.id,
        ogImageId: picture.id,
        mediaIds: [video.id, picture.id],
      },
    );
    expect(post).toMatchObject({
      cover: { id: picture.id, url: expect.stringContaining(`/api/cloud/blobs/${picture.id}/preview`) },
      media: [
        { id: video.id, type: 'video', name: 'film.mp4', url: null },
        { id: picture.id, type: 'image', name: 'bild.webp', url: expect.stringContaining('/preview') },
      ],
    });
    // A video is no cover; someone else's picture is not the member's to pick.
    const refused = await call('POST', `/api/spaces/${open}/posts`, member.token, {
      name: 'X',
      coverId: video.id,
      mediaIds: [others.id],
    });
    expect(refused.json().errors).toEqual({
      coverId: 'validation.invalidValue',
      'mediaIds.0': 'validation.invalidValue',
    });
    const byOwner = await call('POST', `/api/spaces/${open}/posts`, owner.token, {
      name: 'X',
      coverId: picture.id,
    });
    expect(byOwner.statusCode).toBe(201);
  });
});

async function withCategory() {
  const community = await setUp();
  const category = await community.category();
  return {
    ...community,
    category,
    categoryCount: async () =>
      (await db().select().from(communityCategories).where(eq(communityCategories.id, category)))[0]!
        .postsCount,
  };
}
