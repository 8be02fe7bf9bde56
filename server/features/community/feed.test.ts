import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, communitySpaceReads } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import {
  communityApp,
  insertPost,
  postsCaller,
  setServiceSettings,
  setServices,
  writePost,
} from '../../test/community-posts.ts';
import { signedInTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';
import { listPage } from './feed.pages.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = postsCaller(() => server);
const db = () => server.runtime.database.db;

type ListJson = {
  data: { id: string; name: string }[];
  meta: { page: number; pages: number; total: number };
};
const namesOf = (body: ListJson) => body.data.map((post) => post.name);

async function outsider() {
  const stranger = await signedInTestAccount(server);
  await createAppWithProfile(server, { id: stranger.id }, { as: 'owner' });
  return stranger.token;
}

/** Moves a post's publication back in time (for order and window tests). */
const publishedDaysAgo = (id: string, days: number) =>
  db()
    .update(communityPosts)
    .set({ publishedAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(communityPosts.id, id));

/**
 * An app with an open, a private and a secret space; `insider` belongs to all three, `member` to the open one
 * only; one post in each space and one in a category, and a scheduled post of the insider in the open space.
 */
async function setUp() {
  const community = await communityApp(server);
  const { space, person, join, category, owner } = community;
  const [open, closed, secret] = [await space('open'), await space('private'), await space('secret')];
  const [insider, member] = [await person(), await person()];
  for (const spaceId of [open, closed, secret]) {
    await join(spaceId, insider);
  }
  await join(open, member);
  const categoryId = await category();
  const appId = community.app.id;
  const at = (days: number) => new Date(Date.now() - days * 86_400_000);
  const openPost = await writePost(server, insider, { spaceId: open }, { name: 'Offen' });
  await publishedDaysAgo(openPost.id, 4);
  const privatePost = await insertPost(server, {
    appId,
    authorProfileId: insider.profileId,
    spaceId: closed,
    name: 'Privat',
    publishedAt: at(2.5),
  });
  const secretPost = await insertPost(server, {
    appId,
    authorProfileId: insider.profileId,
    spaceId: secret,
    name: 'Geheim',
    publishedAt: at(2),
  });
  const categoryPost = await insertPost(server, {
    appId,
    authorProfileId: owner.profileId,
    categoryId,
    name: 'Kategorie',
    publishedAt: at(1),
  });
  await join(open, owner, { role: 'moderator' });
  const scheduled = await insertPost(server, {
    appId,
    authorProfileId: owner.profileId,
    spaceId: open,
    name: 'Geplant',
    publishedAt: null,
    publishAt: new Date(Date.now() + 86_400_000),
  });
  return {
    ...community,
    open,
    closed,
    secret,
    categoryId,
    insider,
    member,
    posts: { openPost, privatePost, secretPost, categoryPost, scheduled },
  };
}

describe(`home feed (${testDriver})`, () => {
  it('shows each caller the posts of the spaces they read, newest first, never another’s scheduled post', async () => {
    const { app, insider, member, owner } = await setUp();
    const home = (token?: string, query = '') =>
      call('GET', `/api/apps/${app.id}/community/posts/home${query}`, token);
    const insiders = await home(insider.token);
    expect(insiders.statusCode).toBe(200);
    expect(namesOf(insiders.json())).toEqual(['Kategorie', 'Geheim', 'Privat', 'Offen']);
    expect(insiders.json().meta).toEqual({ page: 1, pages: 1, total: 4 });
    expect(namesOf((await home(member.token)).json())).toEqual(['Kategorie', 'Offen']);
    expect(namesOf((await home(member.token, '?sort=oldest')).json())).toEqual(['Offen', 'Kategorie']);
    // Managers read every space; the scheduled post is not in any feed.
    expect(namesOf((await home(owner.token)).json())).toEqual(['Kategorie', 'Geheim', 'Privat', 'Offen']);
    // Anonymous and strangers: the app keeps guests out of its community.
    expect((await home()).json()).toEqual({ data: [], meta: { page: 1, pages: 0, total: 0 } });
    expect((await home(await outsider())).json().data).toEqual([]);
    expect((await home(member.token, '?sort=name')).statusCode).toBe(400);
    expect((await home(member.token, '?page=0')).statusCode).toBe(400);
    expect((await call('GET', `/api/apps/${newId()}/community/posts/home`, member.token)).statusCode).toBe(
      404,
    );
  });

  it('lets guests read the open spaces when the app lets guests into its community', async () => {
    const { app } = await setUp();
    await setServiceSettings(server, app.id, 'community', { isVisibleToGuests: true });
    const guest = await call('GET', `/api/apps/${app.id}/community/posts/home`);
    // The communities keep their own setting (off): the category's post stays out.
    expect(namesOf(guest.json())).toEqual(['Offen']);
    expect(guest.json().data[0].permissions.can).toEqual(['view', 'share']);
  });

  it('puts pinned posts first, sorts trends by likes and comments inside the window, leaves out the categories when the communities are off', async () => {
    const { app, insider, member, owner, posts } = await setUp();
    await db()
      .update(communityPosts)
      .set({ trendScore: 5 })
      .where(eq(communityPosts.id, posts.privatePost.id));
    await db().update(communityPosts).set({ trendScore: 9 }).where(eq(communityPosts.id, posts.openPost.id));
    await db()
      .update(communityPosts)
      .set({ trendScore: 7 })
      .where(eq(communityPosts.id, posts.secretPost.id));
    const home = (token: string, query = '') =>
      call('GET', `/api/apps/${app.id}/community/posts/home${query}`, token);
    expect(namesOf((await home(insider.token, '?sort=trends')).json())).toEqual([
      'Offen',
      'Geheim',
      'Privat',
      'Kategorie',
    ]);
    // A window of 3 days leaves the 4-day-old post out of the trends.
    await setServiceSettings(server, app.id, 'home', { trendingPostsWindowInDays: 3 });
    const windowed = (await home(insider.token, '?sort=trends')).json();
    expect(namesOf(windowed)).toEqual(['Geheim', 'Privat', 'Kategorie']);
    expect(windowed.meta.total).toBe(3);
    await call('POST', `/api/posts/${posts.privatePost.id}/pin-to-top`, owner.token);
    expect(namesOf((await home(insider.token)).json())).toEqual(['Privat', 'Kategorie', 'Geheim', 'Offen']);
    // Only pins of readable spaces: the member does not see the private post, pinned or not.
    expect(namesOf((await home(member.token)).json())).toEqual(['Kategorie', 'Offen']);
    await setServices(server, app.id, { communities: false });
    expect(namesOf((await home(member.token)).json())).toEqual(['Offen']);
  });

  it('shows only the spaces a member joined when showPostsFromAllPublicSpaces is off', async () => {
    const { app, member, space, owner } = await setUp();
    const another = await space('open');
    await writePost(server, owner, { spaceId: another }, { name: 'Nebenan' });
    const home = () => call('GET', `/api/apps/${app.id}/community/posts/home`, member.token);
    expect(namesOf((await home()).json())).toEqual(['Nebenan', 'Kategorie', 'Offen']);
    await setServiceSettings(server, app.id, 'home', { showPostsFromAllPublicSpaces: false });
    expect(namesOf((await home()).json())).toEqual(['Kategorie', 'Offen']);
  });

  it('pages by 20 with pinned posts counted once and no post twice', async () => {
    const { app, owner, open, insider } = await setUp();
    const written: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      const post = await insertPost(server, {
        appId: app.id,
        authorProfileId: owner.profileId,
        spaceId: open,
        name: `Serie ${i}`,
      });
      written.push(post.id);
    }
    await call('POST', `/api/posts/${written[5]}/pin-to-top`, owner.token);
    const seen: string[] = [];
    for (const page of [1, 2]) {
      const list = await call('GET', `/api/apps/${app.id}/community/posts/home?page=${page}`, insider.token);
      expect(list.json().meta).toEqual({ page, pages: 2, total: 27 });
      seen.push(...list.json().data.map((post: { id: string }) => post.id));
    }
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    expect(seen[0]).toBe(written[5]);
    // A page that left too little room for the pinned posts before it reads again with enough.
    const tight = await listPage(
      db(),
      { kind: 'space', appId: app.id, containerId: open },
      'latest',
      { page: 2, pageSize: 20, viewerProfileId: null },
      0,
    );
    const viaApi = await call('GET', `/api/spaces/${open}/posts?page=2`, insider.token);
    expect(tight.rows.map((row) => row.id)).toEqual(viaApi.json<ListJson>().data.map((post) => post.id));
    const space = async (page: number) =>
      (await call('GET', `/api/spaces/${open}/posts?page=${page}`, insider.token)).json<ListJson>();
    const first = await space(1);
    const second = await space(2);
    expect(first.meta).toEqual({ page: 1, pages: 2, total: 24 });
    expect(first.data[0]?.id).toBe(written[5]);
    const ids = [...first.data, ...second.data].map((post: { id: string }) => post.id);
    expect(new Set(ids).size).toBe(24);
    expect(written.every((id) => ids.includes(id))).toBe(true);
  });
});

describe(`space and category lists (${testDriver})`, () => {
  it('lists a space’s posts in every sort; scheduled posts only with type=scheduled, to their author and moderators', async () => {
    const { open, member, owner, insider, posts } = await setUp();
    const second = await writePost(server, member, { spaceId: open }, { name: 'Anfang' });
    await db().update(communityPosts).set({ trendScore: 3 }).where(eq(communityPosts.id, posts.openPost.id));
    const list = (token: string, query = '') => call('GET', `/api/spaces/${open}/posts${query}`, token);
    expect(namesOf((await list(member.token)).json())).toEqual(['Anfang', 'Offen']);
    expect(namesOf((await list(member.token, '?sort=oldest')).json())).toEqual(['Offen', 'Anfang']);
    expect(namesOf((await list(member.token, '?sort=name')).json())).toEqual(['Anfang', 'Offen']);
    expect(namesOf((await list(member.token, '?sort=trends')).json())).toEqual(['Offen', 'Anfang']);
    expect((await list(member.token)).json().meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect((await list(member.token, '?type=scheduled')).json().data).toEqual([]);
    expect(namesOf((await list(owner.token, '?type=scheduled')).json())).toEqual(['Geplant']);
    const own = await writePost(
      server,
      owner,
      { spaceId: open },
      {
        name: 'Später',
        publishAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      },
    );
    expect(namesOf((await list(owner.token, '?type=scheduled')).json())).toEqual(['Geplant', 'Später']);
    expect((await list(insider.token, '?type=scheduled')).json().data).toEqual([]);
    expect((await list(member.token, '?sort=first_name')).statusCode).toBe(400);
    expect((await list(member.token, '?type=drafts')).statusCode).toBe(400);
    expect(second.id && own.id).toBeTruthy();
  });

  it('answers 401-free lists with 404 for secret spaces and 403 for private ones to non-members', async () => {
    const { closed, secret, member, categoryId, app } = await setUp();
    expect((await call('GET', `/api/spaces/${secret}/posts`, member.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/spaces/${closed}/posts`, member.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/spaces/${closed}/posts`)).statusCode).toBe(404);
    expect((await call('GET', `/api/spaces/${closed}/posts`, await outsider())).statusCode).toBe(404);
    expect((await call('GET', `/api/spaces/${newId()}/posts`, member.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/spaces/nicht-da/posts`, member.token)).statusCode).toBe(400);
    const categoryList = await call('GET', `/api/communities/categories/${categoryId}/posts`, member.token);
    expect(namesOf(categoryList.json())).toEqual(['Kategorie']);
    expect(
      (await call('GET', `/api/communities/categories/${categoryId}/posts`, await outsider())).statusCode,
    ).toBe(404);
    await setServices(server, app.id, { communities: false });
    expect(
      (await call('GET', `/api/communities/categories/${categoryId}/posts`, member.token)).statusCode,
    ).toBe(404);
  });

  it('reads a post by slug or id only where its space is readable', async () => {
    const { app, member, insider, posts, owner } = await setUp();
    const get = (key: string, token?: string, appId = app.id) =>
      call('GET', `/api/posts/${key}`, token, undefined, { 'x-app-id': appId });
    expect((await get(posts.openPost.slug, member.token)).json().data.id).toBe(posts.openPost.id);
    expect((await get(posts.privatePost.slug, member.token)).statusCode).toBe(404);
    expect((await get(posts.secretPost.id, member.token)).statusCode).toBe(404);
    expect((await get(posts.secretPost.slug, insider.token)).statusCode).toBe(200);
    expect((await get(posts.scheduled.slug, member.token)).statusCode).toBe(404);
    expect((await get(posts.scheduled.slug, owner.token)).json().data.isScheduled).toBe(true);
    expect((await get(posts.openPost.slug, member.token, newId())).statusCode).toBe(404);
    expect((await get(posts.openPost.slug)).statusCode).toBe(404);
    expect((await call('GET', `/api/posts/${posts.openPost.slug}`, member.token)).statusCode).toBe(404);
  });
});

describe(`counters, meta and member posts (${testDriver})`, () => {
  it('counts new posts of others per readable space since the member last opened it; page 1 marks it read', async () => {
    const { app, member, insider, open, secret, closed, owner, posts } = await setUp();
    const counters = async (token: string) =>
      Object.fromEntries(
        (await call('GET', `/api/apps/${app.id}/spaces/posts/counters`, token))
          .json()
          .data.map((row: { spaceId: string; newPostsCount: number }) => [row.spaceId, row.newPostsCount]),
      );
    // The member joined the open space after its post (set-up moved it back in time).
    await db()
      .update(communityPosts)
      .set({ publishedAt: new Date() })
      .where(eq(communityPosts.id, posts.openPost.id));
    expect(await counters(member.token)).toEqual({ [open]: 1 });
    const own = await counters(insider.token);
    expect(own).toEqual({ [open]: 0, [closed]: 0, [secret]: 0 });
    await call('GET', `/api/spaces/${open}/posts`, member.token);
    const [read] = await db()
      .select()
      .from(communitySpaceReads)
      .where(eq(communitySpaceReads.profileId, member.profileId));
    expect(read!.spaceId).toBe(open);
    expect(await counters(member.token)).toEqual({ [open]: 0 });
    await writePost(server, owner, { spaceId: open });
    expect(await counters(member.token)).toEqual({ [open]: 1 });
    expect((await call('GET', `/api/apps/${app.id}/spaces/posts/counters`)).statusCode).toBe(401);
    expect((await call('GET', `/api/apps/${app.id}/spaces/posts/counters`, await outsider())).json()).toEqual(
      {
        data: [],
      },
    );
  });

  it('answers posts/meta for the visible posts of the asked kind only', async () => {
    const { member, insider, posts } = await setUp();
    await call('POST', `/api/posts/${posts.openPost.id}/like`, member.token);
    const ids = [posts.openPost.id, posts.privatePost.id, posts.categoryPost.id, newId()];
    const query = ids.map((id) => `ids=${id}`).join('&');
    const meta = await call('GET', `/api/posts/meta?${query}`, member.token);
    expect(meta.json()).toEqual({
      data: [
        {
          id: posts.openPost.id,
          isLiked: true,
          isFollowed: false,
          likesCount: 1,
          commentsCount: 0,
          permissions: { can: expect.arrayContaining(['view', 'like']) },
        },
      ],
    });
    expect((await call('GET', `/api/posts/meta?${query}`, insider.token)).json().data).toHaveLength(2);
    const communities = await call('GET', `/api/communities/posts/meta?${query}`, member.token);
    expect(communities.json().data.map((row: { id: string }) => row.id)).toEqual([posts.categoryPost.id]);
    expect((await call('GET', `/api/posts/meta?${query}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/posts/meta?${query}`, await outsider())).json()).toEqual({ data: [] });
    expect((await call('GET', `/api/posts/meta?ids=x`, member.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/posts/meta`, member.token)).statusCode).toBe(400);
  });

  it('lists a member’s published posts the caller may read', async () => {
    const { member, insider, owner, posts } = await setUp();
    const list = async (token: string) =>
      (await call('GET', `/api/profiles/${insider.profileId}/posts`, token)).json<ListJson>();
    expect(namesOf(await list(member.token))).toEqual(['Offen']);
    expect(namesOf(await list(insider.token))).toEqual(['Geheim', 'Privat', 'Offen']);
    expect(namesOf(await list(owner.token))).toEqual(['Geheim', 'Privat', 'Offen']);
    expect((await list(owner.token)).meta).toEqual({ page: 1, pages: 1, total: 3 });
    const ownersPosts = await call('GET', `/api/profiles/${owner.profileId}/posts`, owner.token);
    // The scheduled post is not published yet.
    expect(namesOf(ownersPosts.json())).toEqual(['Kategorie']);
    expect(posts.scheduled.id).toBeTruthy();
  });
});

describe(`search (${testDriver})`, () => {
  it('finds posts by German and English stems, ranked, in readable spaces only', async () => {
    const { app, member, insider, open, closed } = await setUp();
    await writePost(
      server,
      insider,
      { spaceId: open },
      {
        name: 'Der Garten im Frühling',
        body: '<p>Wir pflanzen Bäume</p>',
      },
    );
    await writePost(
      server,
      insider,
      { spaceId: open },
      { name: 'Kochen', body: '<p>Rezepte aus unseren Gärten</p>' },
    );
    await writePost(
      server,
      insider,
      { spaceId: closed },
      { name: 'Geheime Gärten', body: '<p>Nur für uns</p>' },
    );
    await writePost(
      server,
      insider,
      { spaceId: open },
      { name: 'Running shoes', body: '<p>She runs every day</p>' },
    );
    const search = (token: string | undefined, q: string, page = 1) =>
      call('GET', `/api/apps/${app.id}/community/search?q=${encodeURIComponent(q)}&page=${page}`, token);
    const found = await search(member.token, 'Garten');
    expect(found.statusCode).toBe(200);
    // A match in the name ranks above one in the body.
    expect(namesOf(found.json())).toEqual(['Der Garten im Frühling', 'Kochen']);
    expect(found.json().meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect(namesOf((await search(member.token, 'Pflanze')).json())).toEqual(['Der Garten im Frühling']);
    expect(namesOf((await search(member.token, 'running')).json())).toEqual(['Running shoes']);
    expect(namesOf((await search(member.token, 'run')).json())).toEqual(['Running shoes']);
    const insiders = namesOf((await search(insider.token, 'Gärten')).json());
    expect(insiders).toContain('Geheime Gärten');
    expect(namesOf((await search(member.token, 'Gärten')).json())).not.toContain('Geheime Gärten');
    expect((await search(member.token, 'Gärten', 5)).json().data).toEqual([]);
    expect((await search(member.token, '')).statusCode).toBe(400);
    expect((await search(undefined, 'Garten')).json().data).toEqual([]);
    expect((await search(await outsider(), 'Garten')).json().data).toEqual([]);
  });
});
