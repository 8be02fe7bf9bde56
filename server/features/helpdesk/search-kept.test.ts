import { describe, expect, it } from 'vitest';
import { helpdeskApp, helpdeskCaller, type HelpdeskApp } from '../../test/helpdesk.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';

/*
 * The search keeps its answers per app and words (search.service.ts): every change a hit shows, or that decides
 * whether it is found, must show on the very next search. Each step searches twice (the second answer is the kept
 * one), changes one thing through the API and searches again.
 */

const server = useTestServer();
const call = helpdeskCaller(server);

type Hit = { name: string; categoryName: string; slug: string };

async function search(
  tenant: HelpdeskApp,
  q: string,
  who: { auth: string } = tenant.member,
  match: 'all' | 'any' = 'all',
): Promise<Hit[]> {
  const url = `/api/apps/${tenant.app.id}/helpdesk/search?q=${encodeURIComponent(q)}&match=${match}`;
  const first = await call('GET', url, who);
  expect(first.statusCode, first.body).toBe(200);
  const second = await call('GET', url, who);
  expect(second.body).toBe(first.body);
  return first.json<{ data: Hit[] }>().data;
}

async function change(method: 'POST' | 'PATCH' | 'DELETE', url: string, tenant: HelpdeskApp, body?: object) {
  const response = await call(method, url, tenant.owner, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
}

describe(`kept help-desk search answers show every change at once (${testDriver})`, () => {
  it('a new article, a new name, a new category name, unpublishing, a move and a deletion', async () => {
    const tenant = await helpdeskApp(server());
    await tenant.setService(true);
    const billing = await tenant.category({ name: 'Abrechnung' });
    const account = await tenant.category({ name: 'Konto' });
    const names = async (q: string) => (await search(tenant, q)).map((hit) => hit.name);

    expect(await names('rechnung')).toEqual([]);
    const article = await tenant.article(billing.id, { name: 'Rechnungen herunterladen', body: '<p>Als PDF</p>' });
    expect(await names('rechnung')).toEqual(['Rechnungen herunterladen']);

    await change('PATCH', `/api/helpdesk/articles/${article.id}`, tenant, { name: 'Rechnungen finden' });
    expect(await names('rechnung')).toEqual(['Rechnungen finden']);
    expect(await names('herunterladen')).toEqual([]);

    await change('PATCH', `/api/helpdesk/categories/${billing.id}`, tenant, { name: 'Zahlungen' });
    expect((await search(tenant, 'rechnung'))[0]).toMatchObject({ categoryName: 'Zahlungen' });

    // The team searches with drafts: a kept member answer must not leak into theirs or the other way round.
    await change('PATCH', `/api/helpdesk/articles/${article.id}`, tenant, { isPublished: false });
    expect(await names('rechnung')).toEqual([]);
    expect((await search(tenant, 'rechnung', tenant.owner)).map((hit) => hit.name)).toEqual(['Rechnungen finden']);
    await change('PATCH', `/api/helpdesk/articles/${article.id}`, tenant, { isPublished: true });
    expect(await names('rechnung')).toEqual(['Rechnungen finden']);

    await change('PATCH', `/api/helpdesk/articles/${article.id}`, tenant, { categoryId: account.id });
    expect((await search(tenant, 'rechnung'))[0]).toMatchObject({ categoryName: 'Konto' });

    await change('DELETE', `/api/helpdesk/articles/${article.id}`, tenant);
    expect(await names('rechnung')).toEqual([]);
  });

  it('keeps the answers of all words and of any word apart', async () => {
    const tenant = await helpdeskApp(server());
    const billing = await tenant.category({ name: 'Abrechnung' });
    await tenant.article(billing.id, { name: 'Rechnungen herunterladen', body: '<p>Als PDF</p>' });
    const names = async (match: 'all' | 'any') =>
      (await search(tenant, 'Rechnung vom März', tenant.member, match)).map((hit) => hit.name);

    expect(await names('all')).toEqual([]);
    expect(await names('any')).toEqual(['Rechnungen herunterladen']);
    expect(await names('all')).toEqual([]);
    expect(await names('any')).toEqual(['Rechnungen herunterladen']);
  });
});
