import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesApp, articlesCaller } from '../../test/articles.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = articlesCaller(() => server);

describe(`article reactions and favourites (${testDriver})`, () => {
  it('counts one reaction per member; switching moves both counters, taking it back one', async () => {
    const tenant = await articlesApp(server);
    const article = await tenant.article((await tenant.category()).id);
    const url = `/api/articles/${article.id}/reaction`;
    const like = await call('POST', url, tenant.member, { value: 'like' });
    expect(like.json().data).toEqual({ likes: 1, dislikes: 0, reaction: 'like', isFavorite: false });
    expect((await call('POST', url, tenant.member, { value: 'like' })).json().data.likes).toBe(1);
    await Promise.all([
      call('POST', url, tenant.other, { value: 'dislike' }),
      call('POST', url, tenant.other, { value: 'dislike' }),
    ]);
    const switched = await call('POST', url, tenant.member, { value: 'dislike' });
    expect(switched.json().data).toEqual({ likes: 0, dislikes: 2, reaction: 'dislike', isFavorite: false });
    const back = await call('DELETE', url, tenant.member);
    expect(back.json().data).toEqual({ likes: 0, dislikes: 1, reaction: null, isFavorite: false });
    expect((await call('DELETE', url, tenant.member)).json().data.dislikes).toBe(1);
    const page = await call('GET', `/api/articles/${article.id}`, tenant.other);
    expect(page.json().data).toMatchObject({ likes: 0, dislikes: 1, reaction: 'dislike' });
    expect((await call('POST', url, tenant.member, { value: 'love' })).statusCode).toBe(400);
  });

  it('toggles a favourite with POST and DELETE (RULE-16) and lists the favourites', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    const kept = await tenant.article(category.id, { name: 'Behalten' });
    await tenant.article(category.id, { name: 'Anderer' });
    const url = `/api/articles/${kept.id}/favorite`;
    expect((await call('POST', url, tenant.member)).json().data.isFavorite).toBe(true);
    expect((await call('POST', url, tenant.member)).json().data.isFavorite).toBe(true);
    const list = `/api/apps/${tenant.app.id}/articles`;
    const favorites = await call('GET', `${list}?filter=favorites`, tenant.member);
    expect(favorites.json().data.map((row: { name: string }) => row.name)).toEqual(['Behalten']);
    expect(favorites.json().data[0].isFavorite).toBe(true);
    expect((await call('GET', `${list}/counters`, tenant.member)).json().data.favorites).toBe(1);
    // Another member's favourites are their own.
    expect((await call('GET', `${list}?filter=favorites`, tenant.other)).json().meta.total).toBe(0);
    expect((await call('DELETE', url, tenant.member)).json().data.isFavorite).toBe(false);
    expect((await call('GET', `${list}?filter=favorites`, tenant.member)).json().meta.total).toBe(0);
    // A favourite that went back to draft leaves the list.
    await call('POST', url, tenant.member);
    await call('PATCH', `/api/articles/${kept.id}`, tenant.owner, { status: 'draft' });
    expect((await call('GET', `${list}?filter=favorites`, tenant.member)).json().meta.total).toBe(0);
    expect((await call('GET', `${list}/counters`, tenant.member)).json().data.favorites).toBe(0);
  });

  it('refuses anonymous callers, other projects, the invited, punished members and guests', async () => {
    const tenant = await articlesApp(server);
    const article = await tenant.article((await tenant.category()).id);
    await tenant.setService(true, true);
    const paths = [`/api/articles/${article.id}/favorite`, `/api/articles/${article.id}/reaction`];
    for (const path of paths) {
      expect((await call('POST', path, undefined, { value: 'like' })).statusCode).toBe(401);
      // A stranger reads as a guest here, but reacts as nobody.
      expect((await call('POST', path, tenant.stranger, { value: 'like' })).statusCode).toBe(403);
      expect((await call('POST', path, tenant.invited, { value: 'like' })).statusCode).toBe(403);
    }
    await tenant.sanction(tenant.member, 'punished');
    expect((await call('POST', paths[0]!, tenant.member)).statusCode).toBe(403);
    await tenant.setService(true, false);
    expect((await call('POST', paths[0]!, tenant.stranger)).statusCode).toBe(404);
    await tenant.sanction(tenant.other, 'blocked');
    expect((await call('POST', paths[0]!, tenant.other)).statusCode).toBe(404);
  });
});
