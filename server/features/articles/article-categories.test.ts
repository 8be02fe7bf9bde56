import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../../contracts/errors.ts';
import { articlesApp, articlesCaller } from '../../test/articles.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { orderAfterMove } from './article-categories.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = articlesCaller(() => server);

describe(`article categories (${testDriver})`, () => {
  it('creates categories in order with slugs made from the name (RULE-89), unique per app', async () => {
    const tenant = await articlesApp(server);
    const url = `/api/apps/${tenant.app.id}/articles/categories`;
    const first = await call('POST', url, tenant.owner, { name: 'Grüße, Welt!!  2' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      slug: 'gruesse-welt-2',
      articlesCount: 0,
      permissions: { can: ['view', 'edit', 'delete', 'move'] },
    });
    const again = await call('POST', url, tenant.owner, { name: 'Grüße, Welt 2' });
    expect(again.json().data.slug).toBe('gruesse-welt-2-2');
    const chosen = await call('POST', url, tenant.owner, { name: 'Andere', slug: 'gruesse-welt-2' });
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json()).toMatchObject({
      code: errorCodes.slugTaken,
      errors: { slug: 'validation.slugTaken' },
    });

    // Members read the list and a category by slug, without the editors' abilities.
    const list = await call('GET', url, tenant.member);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { name: string }) => row.name)).toEqual([
      'Grüße, Welt!!  2',
      'Grüße, Welt 2',
    ]);
    expect(list.json().data[0].permissions.can).toEqual(['view']);
    const bySlug = await call('GET', `${url}/gruesse-welt-2-2`, tenant.member);
    expect(bySlug.json().data.name).toBe('Grüße, Welt 2');
    expect((await call('GET', `${url}/nicht-da`, tenant.member)).statusCode).toBe(404);
  });

  it('renames, moves and deletes; a category that holds articles is refused with 409', async () => {
    const tenant = await articlesApp(server);
    const [a, b, c] = [await tenant.category('A'), await tenant.category('B'), await tenant.category('C')];
    const renamed = await call('PATCH', `/api/articles/categories/${a.id}`, tenant.owner, { name: 'Anfang' });
    expect(renamed.json().data).toMatchObject({ name: 'Anfang', slug: a.slug });
    const reslug = await call('PATCH', `/api/articles/categories/${a.id}`, tenant.owner, { slug: b.slug });
    expect(reslug.statusCode).toBe(409);

    expect(
      (await call('PATCH', `/api/articles/categories/${c.id}/move`, tenant.owner, { prevId: null }))
        .statusCode,
    ).toBe(200);
    await call('PATCH', `/api/articles/categories/${a.id}/move`, tenant.owner, { prevId: b.id });
    const order = await call('GET', `/api/apps/${tenant.app.id}/articles/categories`, tenant.member);
    expect(order.json().data.map((row: { name: string }) => row.name)).toEqual(['C', 'B', 'Anfang']);
    const self = await call('PATCH', `/api/articles/categories/${a.id}/move`, tenant.owner, { prevId: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual({ prevId: 'validation.invalidValue' });

    await tenant.article(b.id, { status: 'draft' });
    const held = await call('DELETE', `/api/articles/categories/${b.id}`, tenant.owner);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: errorCodes.articleCategoryNotEmpty, details: { articles: 1 } });
    expect((await call('DELETE', `/api/articles/categories/${c.id}`, tenant.owner)).statusCode).toBe(204);
    expect(
      (await call('PATCH', `/api/articles/categories/${c.id}`, tenant.owner, { name: 'X' })).statusCode,
    ).toBe(404);
  });

  it('refuses anonymous callers, other projects, members without the ability and bad input', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    const url = `/api/apps/${tenant.app.id}/articles/categories`;
    const item = `/api/articles/categories/${category.id}`;
    // Anonymous: 401 on writes; reading needs guests let in.
    expect((await call('POST', url, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('PATCH', item, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('GET', url)).statusCode).toBe(404);
    // Another project's owner sees nothing of it.
    expect((await call('GET', `${url}/${category.slug}`, tenant.stranger)).statusCode).toBe(404);
    expect((await call('PATCH', item, tenant.stranger, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', item, tenant.stranger)).statusCode).toBe(404);
    // Guests let in read (and so does any signed-in stranger, as a guest), but change nothing.
    await tenant.setService(true, true);
    expect((await call('GET', url)).statusCode).toBe(200);
    expect((await call('PATCH', item, tenant.stranger, { name: 'X' })).statusCode).toBe(403);
    // Members and moderators read but do not edit.
    for (const who of [tenant.member, tenant.moderator]) {
      expect((await call('POST', url, who, { name: 'X' })).statusCode).toBe(403);
      expect((await call('PATCH', item, who, { name: 'X' })).statusCode).toBe(403);
      expect((await call('PATCH', `${item}/move`, who, { prevId: null })).statusCode).toBe(403);
      expect((await call('DELETE', item, who)).statusCode).toBe(403);
    }
    // Bad input.
    const empty = await call('POST', url, tenant.owner, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['name']);
    expect((await call('POST', url, tenant.owner, { name: 'X', slug: 'Nicht erlaubt!' })).statusCode).toBe(
      400,
    );
    expect((await call('PATCH', `${item}/move`, tenant.owner, { prevId: 'nope' })).statusCode).toBe(400);
    expect(
      (await call('PATCH', '/api/articles/categories/nope', tenant.owner, { name: 'X' })).statusCode,
    ).toBe(400);
    // A switched-off service is gone for members, not for its editors.
    await tenant.setService(false);
    expect((await call('GET', url, tenant.member)).statusCode).toBe(404);
    expect((await call('GET', url, tenant.owner)).statusCode).toBe(200);
  });
});

describe('orderAfterMove', () => {
  it('places the item after prevId, first for null, and refuses itself or a stranger', () => {
    expect(orderAfterMove(['a', 'b', 'c'], 'c', null)).toEqual(['c', 'a', 'b']);
    expect(orderAfterMove(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(orderAfterMove(['a', 'b', 'c'], 'a', 'b')).toEqual(['b', 'a', 'c']);
    expect(() => orderAfterMove(['a', 'b'], 'a', 'a')).toThrow();
    expect(() => orderAfterMove(['a', 'b'], 'a', 'x')).toThrow();
  });
});
