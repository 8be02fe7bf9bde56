import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../test/identity.ts';
import { createCommunityWorld, createOutsider, type TestPerson } from '../../test/community-world.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';

/*
 * The visibility matrix of issue 15: open / private / secret × who is asking, across every place a space or
 * its posts can show up — lists, dropdowns, groups, the space's posts, the post, its comments, the home feed,
 * the new-post counters, search and the share link. The expectations are written out by hand per role (not
 * computed by the policy they check): what each role may find, and what must never reach them.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = apiCaller(() => server);

type Access = 'open' | 'private' | 'secret';
const kinds: readonly Access[] = ['open', 'private', 'secret'];

/** A word only the three posts carry, so search finds exactly them. */
const marker = 'Zaunkönigwiese';

async function world(options: { guests: boolean }) {
  const w = await createCommunityWorld(server);
  await w.setService('community', true, options.guests);
  const author = await w.join('member');
  const spaces = {
    open: await w.space('open'),
    private: await w.space('private'),
    secret: await w.space('secret'),
  };
  for (const kind of kinds) {
    await w.addToSpace(spaces[kind].id, author);
  }
  const posts = {
    open: await w.addPost({ spaceId: spaces.open.id }, author, { name: `Offen ${marker}`, bodyText: marker }),
    private: await w.addPost({ spaceId: spaces.private.id }, author, {
      name: `Privat ${marker}`,
      bodyText: marker,
    }),
    secret: await w.addPost({ spaceId: spaces.secret.id }, author, {
      name: `Geheim ${marker}`,
      bodyText: marker,
    }),
  };
  const spaceMember = await w.join('member');
  await w.addToSpace(spaces.private.id, spaceMember);
  await w.addToSpace(spaces.secret.id, spaceMember);
  const secretModerator = await w.join('member');
  await w.addToSpace(spaces.secret.id, secretModerator, 'moderator');
  const people: Record<string, TestPerson | undefined> = {
    anonymous: undefined,
    outsider: await createOutsider(server),
    invited: await w.join('invited'),
    member: await w.join('member'),
    'space member': spaceMember,
    'secret space moderator': secretModerator,
    'app moderator': await w.join('moderator'),
    owner: w.owner,
    'blocked member': await w.sanctioned('blocked'),
  };
  return { ...w, spaces, posts, people };
}

type World = Awaited<ReturnType<typeof world>>;

/** Per role: the spaces it finds in lists, and the spaces whose posts it reads. */
type Expectation = { listed: Access[]; readable: Access[] };

const all: Access[] = ['open', 'private', 'secret'];
const nothing: Expectation = { listed: [], readable: [] };

const withGuests: Record<string, Expectation> = {
  anonymous: { listed: ['open'], readable: ['open'] },
  outsider: { listed: ['open'], readable: ['open'] },
  invited: { listed: ['open'], readable: ['open'] },
  member: { listed: ['open', 'private'], readable: ['open'] },
  'space member': { listed: all, readable: all },
  'secret space moderator': { listed: all, readable: ['open', 'secret'] },
  'app moderator': { listed: all, readable: all },
  owner: { listed: all, readable: all },
  'blocked member': nothing,
};

const withoutGuests: Record<string, Expectation> = {
  ...withGuests,
  anonymous: nothing,
  outsider: nothing,
  invited: nothing,
};

const idsOf = (body: { data?: unknown }): string[] =>
  Array.isArray(body.data)
    ? (body.data as { id?: string; spaceId?: string }[]).map((row) => row.id ?? row.spaceId!)
    : [];

/** A list read: refused outright, or answered without anything the role may not find. */
async function listed(url: string, token: string | undefined) {
  const response = await call('GET', url, token);
  return response.statusCode === 200 ? idsOf(response.json()) : [];
}

async function check(w: World, role: string, expected: Expectation) {
  const token = w.people[role]?.token;
  const appId = w.app.id;
  const spaceIds = (list: Access[]) => list.map((kind) => w.spaces[kind].id).sort();
  const postIds = (list: Access[]) => list.map((kind) => w.posts[kind].id).sort();
  const onlyOurs = (ids: string[], ours: string[]) => ids.filter((id) => ours.includes(id)).sort();
  const allSpaceIds = spaceIds(all);
  const allPostIds = postIds(all);

  // Lists and dropdowns show the listed spaces, the groups only those of them.
  expect(
    onlyOurs(await listed(`/api/apps/${appId}/community/spaces`, token), allSpaceIds),
    'space list',
  ).toEqual(spaceIds(expected.listed));
  expect(
    onlyOurs(await listed(`/api/apps/${appId}/community/spaces/dropdown`, token), allSpaceIds),
    'space dropdown',
  ).toEqual(spaceIds(expected.listed));
  const groups = await call('GET', `/api/apps/${appId}/community/groups`, token);
  const groupSpaceIds =
    groups.statusCode === 200
      ? groups
          .json<{ data: { spaces: { id: string }[] }[] }>()
          .data.flatMap((group) => group.spaces.map((space) => space.id))
      : [];
  expect(onlyOurs(groupSpaceIds, allSpaceIds), 'spaces inside the groups').toEqual(spaceIds(expected.listed));

  // Feed, counters and search hold the readable spaces' posts only.
  expect(
    onlyOurs(await listed(`/api/apps/${appId}/community/posts/home`, token), allPostIds),
    'home feed',
  ).toEqual(postIds(expected.readable));
  expect(
    onlyOurs(await listed(`/api/apps/${appId}/spaces/posts/counters`, token), allSpaceIds),
    'post counters',
  ).toEqual(
    // Counters answer for members; guests have no "since I last looked".
    token && expected.readable.length > 0 ? spaceIds(expected.readable) : [],
  );
  expect(
    onlyOurs(
      await listed(`/api/apps/${appId}/community/search?q=${encodeURIComponent(marker)}`, token),
      allPostIds,
    ),
    'search',
  ).toEqual(postIds(expected.readable));

  for (const kind of kinds) {
    const reads = expected.readable.includes(kind);
    const lists = expected.listed.includes(kind);
    const space = w.spaces[kind];
    const post = w.posts[kind];
    const where = `${kind} space`;
    // The space's posts: read, refused (a listed private space), or not there at all.
    const spacePosts = await call('GET', `/api/spaces/${space.id}/posts`, token);
    if (reads) {
      expect(spacePosts.statusCode, `${where}: its posts`).toBe(200);
      expect(idsOf(spacePosts.json()), `${where}: its posts`).toContain(post.id);
    } else {
      const refusals = lists ? [403] : token ? [404] : [401, 404];
      expect(refusals, `${where}: its posts (${spacePosts.statusCode})`).toContain(spacePosts.statusCode);
      expect(spacePosts.body, `${where}: its posts`).not.toContain(post.name);
    }
    // The post itself, by id and by slug, its comments and its share link: all or nothing.
    const reads200 = (status: number) =>
      reads ? status === 200 : status === 404 || status === 401 || status === 403;
    const byId = await call('GET', `/api/posts/${post.id}`, token);
    expect(reads200(byId.statusCode), `${where}: post by id (${byId.statusCode})`).toBe(true);
    const bySlug = await call('GET', `/api/posts/${post.slug}`, token, undefined, { 'x-app-id': appId });
    expect(reads200(bySlug.statusCode), `${where}: post by slug (${bySlug.statusCode})`).toBe(true);
    const comments = await call('GET', `/api/comments?entityType=post&entityId=${post.id}`, token);
    expect(reads200(comments.statusCode), `${where}: comments (${comments.statusCode})`).toBe(true);
    const share = await call('GET', `/api/apps/${appId}/community/share/${post.shareHash}`, token);
    expect(reads200(share.statusCode), `${where}: share link (${share.statusCode})`).toBe(true);
    if (!reads) {
      for (const response of [byId, bySlug, comments, share]) {
        expect(response.body, `${where}: nothing of the post leaks`).not.toContain(post.name);
      }
    }
  }
}

describe('community visibility', () => {
  describe('with guests let into the community', () => {
    let w: World;
    beforeAll(async () => {
      w = await world({ guests: true });
    });
    it.each(Object.entries(withGuests))('%s', async (role, expected) => {
      await check(w, role, expected);
    });
  });

  describe('with guests shut out', () => {
    let w: World;
    beforeAll(async () => {
      w = await world({ guests: false });
    });
    it.each(Object.entries(withoutGuests))('%s', async (role, expected) => {
      await check(w, role, expected);
    });
  });
});
