import { describe, expect, it } from 'vitest';
import {
  communityApp,
  postsCaller,
  setServices,
  writePost,
  type Person,
} from '../../test/community-posts.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';

/*
 * The community's hot reads are answered from kept answers while nothing they show changed (kept-answers.ts):
 * every change a reader can see must show on the very next read. Each step reads twice (the second read is the
 * kept answer), changes one thing through the API and reads again.
 */

const server = useTestServer();
const call = postsCaller(server);

type Json = Record<string, unknown> & { data: Record<string, unknown> | Record<string, unknown>[] };

async function write(method: 'POST' | 'PATCH' | 'DELETE', url: string, who: Person, payload?: object) {
  const response = await call(method, url, who.token, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.body ? response.json<Json>() : undefined;
}

/** Reads twice (the second answer is the kept one) and answers the first read. */
async function read(url: string, who: Person, headers?: Record<string, string>) {
  const first = await call('GET', url, who.token, undefined, headers);
  expect(first.statusCode, `GET ${url}: ${first.body}`).toBe(200);
  const second = await call('GET', url, who.token, undefined, headers);
  expect(second.body).toBe(first.body);
  return first.json<Json>();
}

const list = (body: Json) => body.data as Record<string, unknown>[];

describe(`kept community answers show every change at once (${testDriver})`, () => {
  it('a space page and the home feed: a new post, a like, a follow, a comment, an edit and a rename', async () => {
    const c = await communityApp(server());
    const spaceId = await c.space('open', 'Treffpunkt');
    const reader = await c.person();
    await c.join(spaceId, reader);
    const author = await c.person();
    await c.join(spaceId, author);
    const spacePage = `/api/spaces/${spaceId}/posts`;
    const home = `/api/apps/${c.app.id}/community/posts/home`;
    const mine = async (url: string, id: string) => list(await read(url, reader)).find((p) => p.id === id);

    expect(list(await read(spacePage, reader))).toEqual([]);
    expect(list(await read(home, reader))).toEqual([]);
    const post = await writePost(server(), author, { spaceId }, { name: 'Erster Beitrag' });
    for (const url of [spacePage, home]) {
      expect(await mine(url, post.id)).toMatchObject({
        name: 'Erster Beitrag',
        likesCount: 0,
        isLiked: false,
      });
    }

    await write('POST', `/api/posts/${post.id}/like`, reader);
    await write('PATCH', `/api/posts/${post.id}/follow`, reader);
    for (const url of [spacePage, home]) {
      expect(await mine(url, post.id)).toMatchObject({ likesCount: 1, isLiked: true, isFollowed: true });
    }

    await write('POST', '/api/comments', author, {
      entityType: 'post',
      entityId: post.id,
      body: '<p>Ja</p>',
    });
    await write('PATCH', `/api/posts/${post.id}`, author, { name: 'Umbenannt' });
    for (const url of [spacePage, home]) {
      expect(await mine(url, post.id)).toMatchObject({ name: 'Umbenannt', commentsCount: 1 });
    }

    await write('PATCH', `/api/spaces/${spaceId}`, c.owner, { name: 'Neuer Treffpunkt' });
    expect(await mine(spacePage, post.id)).toMatchObject({ space: { name: 'Neuer Treffpunkt' } });

    await write('DELETE', `/api/posts/${post.id}`, author);
    expect(await mine(spacePage, post.id)).toBeUndefined();
    expect(await mine(home, post.id)).toBeUndefined();
  });

  it('a post and its comments: a comment, its like, its edit and its removal', async () => {
    const c = await communityApp(server());
    const spaceId = await c.space('open');
    const reader = await c.person();
    await c.join(spaceId, reader);
    const post = await writePost(server(), c.owner, { spaceId });
    const page = `/api/posts/${post.slug}`;
    const headers = { 'x-app-id': c.app.id };
    const comments = `/api/comments?entityType=post&entityId=${post.id}`;

    expect((await read(page, reader, headers)).data).toMatchObject({ commentsCount: 0 });
    expect(list(await read(comments, reader))).toEqual([]);

    const comment = await write('POST', '/api/comments', c.owner, {
      entityType: 'post',
      entityId: post.id,
      body: '<p>Willkommen</p>',
    });
    const commentId = (comment!.data as { id: string }).id;
    expect((await read(page, reader, headers)).data).toMatchObject({ commentsCount: 1 });
    expect(list(await read(comments, reader)).map((item) => item.id)).toEqual([commentId]);

    await write('POST', `/api/comments/${commentId}/like`, reader);
    expect(list(await read(comments, reader))[0]).toMatchObject({ likesCount: 1, isLiked: true });

    await write('PATCH', `/api/comments/${commentId}`, c.owner, { body: '<p>Herzlich willkommen</p>' });
    expect(list(await read(comments, reader))[0]?.body).toContain('Herzlich');

    await write('DELETE', `/api/comments/${commentId}`, c.owner);
    expect(list(await read(comments, reader))).toEqual([]);
    expect((await read(page, reader, headers)).data).toMatchObject({ commentsCount: 0 });
  });

  it('a post moved between spaces and a category, and a communities post on the home feed', async () => {
    const c = await communityApp(server());
    await setServices(server(), c.app.id, { communities: true });
    const [from, to] = [await c.space('open', 'Von hier'), await c.space('open', 'Nach dort')];
    const categoryId = await c.category();
    const reader = await c.person();
    const page = (spaceId: string) => `/api/spaces/${spaceId}/posts`;
    const home = `/api/apps/${c.app.id}/community/posts/home`;
    const ids = async (url: string) => list(await read(url, reader)).map((post) => post.id);
    const post = await writePost(server(), c.owner, { spaceId: from });
    expect(await ids(page(from))).toEqual([post.id]);
    expect(await ids(page(to))).toEqual([]);

    await write('PATCH', `/api/posts/${post.id}/move`, c.owner, { spaceId: to });
    expect(await ids(page(from))).toEqual([]);
    expect(await ids(page(to))).toEqual([post.id]);
    expect(await ids(home)).toEqual([post.id]);

    await write('PATCH', `/api/posts/${post.id}/move`, c.owner, { categoryId });
    expect(await ids(page(to))).toEqual([]);
    expect(await ids(home)).toEqual([post.id]);
    await write('PATCH', `/api/posts/${post.id}`, c.owner, { name: 'In der Kategorie' });
    expect(list(await read(home, reader))[0]).toMatchObject({ name: 'In der Kategorie' });

    const second = await writePost(server(), c.owner, { categoryId });
    expect(await ids(home)).toEqual([second.id, post.id]);
    await write('DELETE', `/api/posts/${second.id}`, c.owner);
    expect(await ids(home)).toEqual([post.id]);
  });
});

describe(`the callers' standings in the spaces are kept in memory (${testDriver})`, () => {
  it('applies a space becoming secret, a membership and its end on the next request', async () => {
    const c = await communityApp(server());
    const spaceId = await c.space('open');
    const reader = await c.person();
    const url = `/api/spaces/${spaceId}/posts`;
    const home = `/api/apps/${c.app.id}/community/posts/home`;
    const post = await writePost(server(), c.owner, { spaceId });
    const sees = async () => (await read(home, reader)).data as { id: string }[];
    expect((await sees()).map((p) => p.id)).toContain(post.id);

    await write('PATCH', `/api/spaces/${spaceId}`, c.owner, { access: 'secret' });
    expect((await call('GET', url, reader.token)).statusCode).toBe(404);
    expect((await sees()).map((p) => p.id)).not.toContain(post.id);

    await c.join(spaceId, reader);
    expect((await call('GET', url, reader.token)).statusCode).toBe(200);
    expect((await sees()).map((p) => p.id)).toContain(post.id);

    await write('DELETE', `/api/spaces/${spaceId}/leave`, reader);
    expect((await call('GET', url, reader.token)).statusCode).toBe(404);
    expect((await sees()).map((p) => p.id)).not.toContain(post.id);
  });
});
