import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { helpdeskApp, helpdeskCaller, type HelpdeskApp } from '../../test/helpdesk.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = helpdeskCaller(() => server);
const treeUrl = (tenant: HelpdeskApp) => `/api/apps/${tenant.app.id}/helpdesk/categories`;
const moveUrl = (tenant: HelpdeskApp) => `/api/apps/${tenant.app.id}/helpdesk/categories/move`;

type Node = {
  name: string;
  depth: number;
  parentId: string | null;
  articlesCount: number;
  allArticlesCount: number | null;
};
const treeOf = async (tenant: HelpdeskApp, who: { auth: string } | undefined = tenant.owner) => {
  const response = await call('GET', treeUrl(tenant), who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Node[] }>().data;
};
const outline = (nodes: Node[]) => nodes.map((node) => `${'-'.repeat(node.depth - 1)}${node.name}`);

describe(`help-desk categories (${testDriver})`, () => {
  it('answers 401 without a session, 404 to other projects and while off, 403 without the ability', async () => {
    const tenant = await helpdeskApp(server);
    const category = await tenant.category({ name: 'Konto' });
    const writes: ['POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['POST', treeUrl(tenant), { name: 'X' }],
      ['PATCH', moveUrl(tenant), { id: category.id, prevId: null }],
      ['PATCH', `/api/helpdesk/categories/${category.id}`, { name: 'X' }],
      ['DELETE', `/api/helpdesk/categories/${category.id}`],
      ['POST', `/api/helpdesk/categories/${category.id}/articles`, { name: 'X' }],
    ];
    for (const [method, url, payload] of writes) {
      const where = `${method} ${url}`;
      expect((await call(method, url, undefined, payload)).statusCode, where).toBe(401);
      expect((await call(method, url, tenant.stranger, payload)).statusCode, where).toBe(404);
      expect((await call(method, url, tenant.member, payload)).statusCode, where).toBe(403);
      expect((await call(method, url, tenant.moderator, payload)).statusCode, where).toBe(403);
    }
    // Reading: members yes; guests and strangers only when the service lets guests in.
    expect(outline(await treeOf(tenant, tenant.member))).toEqual(['Konto']);
    expect((await call('GET', treeUrl(tenant))).statusCode).toBe(404);
    expect((await call('GET', treeUrl(tenant), tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', treeUrl(tenant), tenant.invited)).statusCode).toBe(404);
    await tenant.setService(true, true);
    expect(outline(await treeOf(tenant, undefined))).toEqual(['Konto']);
    // Switched off: only the managers, who may switch it on again.
    await tenant.setService(false, true);
    expect((await call('GET', treeUrl(tenant))).statusCode).toBe(404);
    expect((await call('GET', treeUrl(tenant), tenant.member)).statusCode).toBe(404);
    expect(outline(await treeOf(tenant))).toEqual(['Konto']);
    // A blocked member sees nothing.
    await tenant.setService(true);
    await tenant.sanction(tenant.other, 'blocked');
    expect((await call('GET', treeUrl(tenant), tenant.other)).statusCode).toBe(404);
  });

  it('creates nested categories with slugs from their names and refuses bad input', async () => {
    const tenant = await helpdeskApp(server);
    const response = await call('POST', treeUrl(tenant), tenant.owner, { name: 'Grüße, Welt!!  2' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      slug: 'gruesse-welt-2',
      parentId: null,
      depth: 1,
      articlesCount: 0,
      permissions: { can: ['view', 'vote', 'edit'] },
    });
    expect((await tenant.category({ name: 'Grüße Welt 2' })).slug).toBe('gruesse-welt-2-2');
    const errorsOf = async (payload: object) => {
      const answer = await call('POST', treeUrl(tenant), tenant.owner, payload);
      expect(answer.statusCode, answer.body).toBe(answer.statusCode === 409 ? 409 : 400);
      return answer.json<{ errors: Record<string, string> }>().errors;
    };
    expect(await errorsOf({})).toHaveProperty('name');
    expect(await errorsOf({ name: 'X', slug: 'Nicht gültig!' })).toHaveProperty('slug');
    expect(await errorsOf({ name: 'X', parentId: 'nope' })).toHaveProperty('parentId');
    expect(await errorsOf({ name: 'X', parentId: tenant.owner.profileId })).toHaveProperty('parentId');
    expect(await errorsOf({ name: 'X', slug: 'gruesse-welt-2' })).toEqual({ slug: 'validation.slugTaken' });
    // Three levels at most.
    const top = await tenant.category({ name: 'Oben' });
    const middle = await tenant.category({ name: 'Mitte', parentId: top.id });
    const bottom = await tenant.category({ name: 'Unten', parentId: middle.id });
    expect(bottom.depth).toBe(3);
    const deeper = await call('POST', treeUrl(tenant), tenant.owner, {
      name: 'Zu tief',
      parentId: bottom.id,
    });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toMatchObject({ code: 'HELPDESK_TOO_DEEP', details: { maxDepth: 3 } });
    expect(outline(await treeOf(tenant))).toEqual([
      'Grüße, Welt!!  2',
      'Grüße Welt 2',
      'Oben',
      '-Mitte',
      '--Unten',
    ]);
  });

  it('renames and moves categories among siblings and under others, refusing cycles and a fourth level', async () => {
    const tenant = await helpdeskApp(server);
    const a = await tenant.category({ name: 'A' });
    const b = await tenant.category({ name: 'B' });
    const c = await tenant.category({ name: 'C' });
    const a1 = await tenant.category({ name: 'A1', parentId: a.id });
    const a11 = await tenant.category({ name: 'A11', parentId: a1.id });
    const move = (body: object) => call('PATCH', moveUrl(tenant), tenant.owner, body);
    expect((await move({ id: c.id, prevId: null })).statusCode).toBe(200);
    expect(outline(await treeOf(tenant))).toEqual(['C', 'A', '-A1', '--A11', 'B']);
    // Under another parent, after a sibling there.
    const moved = await move({ id: b.id, parentId: a.id, prevId: a1.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ parentId: a.id, depth: 2 });
    expect(outline(await treeOf(tenant))).toEqual(['C', 'A', '-A1', '--A11', '-B']);
    // A cycle, a fourth level, a prevId of another parent, an unknown category.
    expect((await move({ id: a.id, parentId: a11.id, prevId: null })).json().errors).toEqual({
      parentId: 'validation.invalidValue',
    });
    expect((await move({ id: a1.id, parentId: b.id, prevId: null })).json().code).toBe('HELPDESK_TOO_DEEP');
    expect((await move({ id: c.id, prevId: a1.id })).json().errors).toEqual({
      prevId: 'validation.invalidValue',
    });
    expect((await move({ id: tenant.owner.profileId, prevId: null })).statusCode).toBe(400);
    // Back to the top level.
    expect((await move({ id: a1.id, parentId: null, prevId: c.id })).statusCode).toBe(200);
    expect(outline(await treeOf(tenant))).toEqual(['C', 'A1', '-A11', 'A', '-B']);
    const renamed = await call('PATCH', `/api/helpdesk/categories/${a.id}`, tenant.owner, {
      name: 'Abrechnung',
      description: 'Alles zu Zahlungen',
    });
    expect(renamed.json().data).toMatchObject({
      name: 'Abrechnung',
      slug: 'a',
      description: 'Alles zu Zahlungen',
    });
    const slugged = await call('PATCH', `/api/helpdesk/categories/${a.id}`, tenant.owner, { slug: 'c' });
    expect(slugged.statusCode).toBe(409);
  });

  it('deletes a category with its subcategories and their articles; counts published articles', async () => {
    const tenant = await helpdeskApp(server);
    const top = await tenant.category({ name: 'Oben' });
    const sub = await tenant.category({ name: 'Unten', parentId: top.id });
    await tenant.article(top.id, { name: 'Eins', body: '<p>Eins</p>' });
    await tenant.article(sub.id, { name: 'Zwei', body: '<p>Zwei</p>' });
    const draft = await tenant.article(sub.id, { name: 'Drei', body: '<p>Drei</p>', isPublished: false });
    const owners = await treeOf(tenant);
    expect(owners.map((node) => [node.name, node.articlesCount, node.allArticlesCount])).toEqual([
      ['Oben', 1, 1],
      ['Unten', 1, 2],
    ]);
    const members = await treeOf(tenant, tenant.member);
    expect(members.map((node) => [node.name, node.articlesCount, node.allArticlesCount])).toEqual([
      ['Oben', 1, null],
      ['Unten', 1, null],
    ]);
    expect((await call('DELETE', `/api/helpdesk/categories/${top.id}`, tenant.owner)).statusCode).toBe(204);
    expect(await treeOf(tenant)).toEqual([]);
    expect(
      (await call('PATCH', `/api/helpdesk/articles/${draft.id}`, tenant.owner, { name: 'X' })).statusCode,
    ).toBe(404);
  });
});
