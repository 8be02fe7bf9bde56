import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { communityApp, communityCaller, type CommunityApp } from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
const linksUrl = (tenant: CommunityApp) => `/api/apps/${tenant.app.id}/community/links`;

const create = async (tenant: CommunityApp, body: object) => {
  const response = await call('POST', linksUrl(tenant), tenant.owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string; name: string } }>().data;
};

describe(`community links (${testDriver})`, () => {
  it('answers 401 without a session, 404 to other projects, 403 without the ability', async () => {
    const tenant = await communityApp(server);
    const link = await create(tenant, { name: 'Hilfe', href: 'https://hilfe.beispiel.de' });
    const writes: ['PATCH' | 'DELETE', string, object?][] = [
      ['PATCH', `/api/links/${link.id}`, { name: 'X' }],
      ['DELETE', `/api/links/${link.id}`],
      ['PATCH', `/api/links/${link.id}/move`, { prevId: null }],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, tenant.stranger, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, tenant.member, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, tenant.moderator, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const body = { name: 'X', href: 'https://x.de' };
    expect((await call('POST', linksUrl(tenant), undefined, body)).statusCode).toBe(401);
    expect((await call('POST', linksUrl(tenant), tenant.stranger, body)).statusCode).toBe(403);
    expect((await call('POST', linksUrl(tenant), tenant.member, body)).statusCode).toBe(403);
    expect((await call('GET', linksUrl(tenant), tenant.stranger)).statusCode).toBe(403);
    expect((await call('GET', linksUrl(tenant))).statusCode).toBe(401);
    expect((await call('PATCH', `/api/links/${newId()}`, tenant.owner, { name: 'X' })).statusCode).toBe(404);
  });

  it('accepts web and e-mail addresses only', async () => {
    const tenant = await communityApp(server);
    for (const href of ['https://beispiel.de/pfad?x=1', 'http://beispiel.de', 'mailto:hallo@beispiel.de']) {
      expect(
        (await call('POST', linksUrl(tenant), tenant.owner, { name: 'Ok', href })).statusCode,
        href,
      ).toBe(201);
    }
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'tel:+4912345',
      'www.beispiel.de',
      '/relativ',
      'mailto:kein',
      '',
    ]) {
      const refused = await call('POST', linksUrl(tenant), tenant.owner, { name: 'Nein', href });
      expect(refused.statusCode, href).toBe(400);
      expect(refused.json().errors, href).toEqual({
        href: href === '' ? 'validation.required' : 'validation.href',
      });
    }
    const link = await create(tenant, { name: 'A', href: 'https://a.de' });
    const patched = await call('PATCH', `/api/links/${link.id}`, tenant.owner, {
      href: 'javascript:void(0)',
    });
    expect(patched.json().errors).toEqual({ href: 'validation.href' });
    expect(
      (await call('POST', linksUrl(tenant), tenant.owner, { href: 'https://a.de' })).json().errors,
    ).toEqual({
      name: 'validation.required',
    });
  });

  it('creates, lists in order, changes, moves and deletes links', async () => {
    const tenant = await communityApp(server);
    const first = await call('POST', linksUrl(tenant), tenant.owner, {
      name: ' Handbuch ',
      href: 'https://handbuch.beispiel.de',
      icon: 'book',
      isNewTab: false,
    });
    expect(first.json().data).toMatchObject({
      name: 'Handbuch',
      href: 'https://handbuch.beispiel.de',
      icon: 'book',
      isNewTab: false,
      position: 1,
      permissions: { can: ['edit', 'delete'] },
    });
    const second = await create(tenant, { name: 'Kontakt', href: 'mailto:team@beispiel.de' });
    const third = await create(tenant, { name: 'Blog', href: 'https://blog.beispiel.de' });
    const names = async () =>
      (await call('GET', linksUrl(tenant), tenant.member))
        .json<{ data: { name: string }[] }>()
        .data.map((l) => l.name);
    expect(await names()).toEqual(['Handbuch', 'Kontakt', 'Blog']);
    const asMember = (await call('GET', linksUrl(tenant), tenant.member)).json();
    expect(asMember.data[1]).toMatchObject({ isNewTab: true, icon: '', permissions: { can: [] } });
    expect(asMember.meta).toEqual({ page: 1, pages: 1, total: 3 });

    await call('PATCH', `/api/links/${third.id}/move`, tenant.owner, { prevId: null });
    expect(await names()).toEqual(['Blog', 'Handbuch', 'Kontakt']);
    const moved = await call('PATCH', `/api/links/${third.id}/move`, tenant.owner, { prevId: second.id });
    expect(moved.json().data.name).toBe('Blog');
    expect(await names()).toEqual(['Handbuch', 'Kontakt', 'Blog']);
    const changed = await call('PATCH', `/api/links/${second.id}`, tenant.owner, {
      name: 'Schreiben Sie uns',
    });
    expect(changed.json().data).toMatchObject({ name: 'Schreiben Sie uns', href: 'mailto:team@beispiel.de' });
    expect((await call('DELETE', `/api/links/${second.id}`, tenant.owner)).statusCode).toBe(204);
    expect(await names()).toEqual(['Handbuch', 'Blog']);
    expect((await call('DELETE', `/api/links/${second.id}`, tenant.owner)).statusCode).toBe(404);
    // Blocked members see no links at all.
    await tenant.sanction(tenant.member, 'blocked');
    expect((await call('GET', linksUrl(tenant), tenant.member)).statusCode).toBe(403);
  });
});
