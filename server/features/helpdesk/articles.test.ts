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
const routerUrl = (categoryId: string, slug: string) =>
  `/api/helpdesk/categories/${categoryId}/articles/router?slug=${encodeURIComponent(slug)}`;
const searchOf = async (
  tenant: HelpdeskApp,
  q: string,
  who: { auth: string } | undefined = tenant.member,
) => {
  const response = await call(
    'GET',
    `/api/apps/${tenant.app.id}/helpdesk/search?q=${encodeURIComponent(q)}`,
    who,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    data: {
      name: string;
      title: { text: string; mark: boolean }[];
      snippet: { text: string; mark: boolean }[];
    }[];
  }>().data;
};
const namesOf = (hits: { name: string }[]) => hits.map((hit) => hit.name);

describe(`help-desk articles (${testDriver})`, () => {
  it('guards every article route: 401, another project, no ability, bad input', async () => {
    const tenant = await helpdeskApp(server);
    const category = await tenant.category({ name: 'Konto' });
    const article = await tenant.article(category.id, { name: 'Passwort ändern', body: '<p>So geht es</p>' });
    const writes: ['POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['PATCH', `/api/helpdesk/articles/${article.id}`, { name: 'X' }],
      ['DELETE', `/api/helpdesk/articles/${article.id}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, tenant.stranger, payload)).statusCode).toBe(404);
      expect((await call(method, url, tenant.member, payload)).statusCode).toBe(403);
    }
    const vote = `/api/helpdesk/articles/${article.id}/vote`;
    expect((await call('POST', vote, undefined, { isHelpful: true })).statusCode).toBe(401);
    expect((await call('POST', vote, tenant.stranger, { isHelpful: true })).statusCode).toBe(404);
    expect((await call('POST', vote, tenant.invited, { isHelpful: true })).statusCode).toBe(404);
    expect((await call('POST', vote, tenant.member, { isHelpful: 'ja' })).statusCode).toBe(400);
    await tenant.sanction(tenant.other, 'punished');
    expect((await call('POST', vote, tenant.other, { isHelpful: true })).statusCode).toBe(403);
    for (const url of [
      `/api/helpdesk/categories/${category.id}/articles`,
      routerUrl(category.id, article.slug),
      `/api/apps/${tenant.app.id}/helpdesk/articles/popular`,
      `/api/apps/${tenant.app.id}/helpdesk/search?q=passwort`,
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(404);
      expect((await call('GET', url, tenant.stranger)).statusCode, url).toBe(404);
      expect((await call('GET', url, tenant.member)).statusCode, url).toBe(200);
    }
    const bad = async (payload: object) =>
      (await call('POST', `/api/helpdesk/categories/${category.id}/articles`, tenant.owner, payload)).json<{
        errors: Record<string, string>;
      }>().errors;
    expect(await bad({ body: '<p>x</p>' })).toHaveProperty('name');
    expect(await bad({ name: 'X', coverId: tenant.owner.profileId })).toEqual({
      coverId: 'validation.invalidValue',
    });
    expect(await bad({ name: 'X', body: 'x'.repeat(100_001) })).toHaveProperty('body');
    expect(
      (
        await call('PATCH', `/api/helpdesk/articles/${article.id}`, tenant.owner, {
          categoryId: tenant.app.id,
        })
      ).json().errors,
    ).toEqual({ categoryId: 'validation.invalidValue' });
    expect(
      (await call('GET', `/api/apps/${tenant.app.id}/helpdesk/search?q=`, tenant.member)).statusCode,
    ).toBe(400);
    expect((await call('GET', routerUrl(category.id, 'gibt-es-nicht'), tenant.member)).statusCode).toBe(404);
  });

  it('writes sanitized articles with a cover, lists them by position and moves them', async () => {
    const tenant = await helpdeskApp(server);
    const konto = await tenant.category({ name: 'Konto' });
    const zahlung = await tenant.category({ name: 'Zahlung' });
    const cover = await tenant.picture();
    const created = await call('POST', `/api/helpdesk/categories/${konto.id}/articles`, tenant.owner, {
      name: 'Grüße, Welt!!  2',
      body: '<p onclick="x()">Hallo <script>alert(1)</script><strong>Welt</strong></p>',
      coverId: cover,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      slug: 'gruesse-welt-2',
      body: '<p>Hallo <strong>Welt</strong></p>',
      excerpt: 'Hallo Welt',
      cover: { id: cover },
      isPublished: true,
      categories: [{ id: konto.id, name: 'Konto', slug: 'konto' }],
      myVote: null,
    });
    const second = await tenant.article(konto.id, { name: 'Zweiter' });
    const third = await tenant.article(konto.id, { name: 'Dritter' });
    const listOf = async (categoryId: string) =>
      (await call('GET', `/api/helpdesk/categories/${categoryId}/articles`, tenant.member)).json<{
        data: { name: string }[];
        meta: { total: number };
      }>();
    expect(namesOf((await listOf(konto.id)).data)).toEqual(['Grüße, Welt!!  2', 'Zweiter', 'Dritter']);
    await call('PATCH', `/api/helpdesk/articles/${third.id}`, tenant.owner, { prevId: null });
    expect(namesOf((await listOf(konto.id)).data)).toEqual(['Dritter', 'Grüße, Welt!!  2', 'Zweiter']);
    const moved = await call('PATCH', `/api/helpdesk/articles/${second.id}`, tenant.owner, {
      categoryId: zahlung.id,
    });
    expect(moved.json().data.categories).toEqual([{ id: zahlung.id, name: 'Zahlung', slug: 'zahlung' }]);
    expect(namesOf((await listOf(zahlung.id)).data)).toEqual(['Zweiter']);
    const tree = (await call('GET', `/api/apps/${tenant.app.id}/helpdesk/categories`, tenant.member)).json<{
      data: { name: string; articlesCount: number }[];
    }>().data;
    expect(tree.map((node) => [node.name, node.articlesCount])).toEqual([
      ['Konto', 2],
      ['Zahlung', 1],
    ]);
    expect((await call('DELETE', `/api/helpdesk/articles/${third.id}`, tenant.owner)).statusCode).toBe(204);
    expect((await listOf(konto.id)).meta.total).toBe(1);
  });

  it('hides unpublished articles from members: lists, router, search, votes', async () => {
    const tenant = await helpdeskApp(server);
    const konto = await tenant.category({ name: 'Konto' });
    const draft = await tenant.article(konto.id, { name: 'Rechnung Entwurf', isPublished: false });
    await tenant.article(konto.id, { name: 'Rechnung veröffentlicht' });
    const list = (who: { auth: string }) =>
      call('GET', `/api/helpdesk/categories/${konto.id}/articles`, who).then((r) => namesOf(r.json().data));
    expect(await list(tenant.member)).toEqual(['Rechnung veröffentlicht']);
    expect(await list(tenant.owner)).toEqual(['Rechnung Entwurf', 'Rechnung veröffentlicht']);
    expect((await call('GET', routerUrl(konto.id, draft.slug), tenant.member)).statusCode).toBe(404);
    expect((await call('GET', routerUrl(konto.id, draft.slug), tenant.owner)).statusCode).toBe(200);
    expect(namesOf(await searchOf(tenant, 'rechnung'))).toEqual(['Rechnung veröffentlicht']);
    expect(namesOf(await searchOf(tenant, 'rechnung', tenant.owner)).sort()).toEqual([
      'Rechnung Entwurf',
      'Rechnung veröffentlicht',
    ]);
    const vote = await call('POST', `/api/helpdesk/articles/${draft.id}/vote`, tenant.member, {
      isHelpful: true,
    });
    expect(vote.statusCode).toBe(404);
    const popular = await call('GET', `/api/apps/${tenant.app.id}/helpdesk/articles/popular`, tenant.member);
    expect(namesOf(popular.json().data)).toEqual(['Rechnung veröffentlicht']);
  });

  it('finds German and English word forms and prefixes, ranked, with highlighted snippets', async () => {
    const tenant = await helpdeskApp(server);
    const konto = await tenant.category({ name: 'Konto' });
    await tenant.article(konto.id, {
      name: 'Rechnungen herunterladen',
      body: '<p>Alle Rechnungen finden Sie unter Konto. Jede <b>Rechnung</b> ist ein PDF.</p>',
    });
    await tenant.article(konto.id, {
      name: 'Passwort vergessen',
      body: '<p>Setzen Sie Ihr Passwort zurück. Die Rechnung bleibt davon unberührt.</p>',
    });
    await tenant.article(konto.id, {
      name: 'Downloading invoices',
      body: '<p>Every invoice is a PDF file.</p>',
    });
    await tenant.article(konto.id, {
      name: 'Hunde & Katzen <gut>',
      body: '<p>Tiere \u0002 sind &lt;b&gt;toll</p>',
    });
    // Stems: Rechnung finds Rechnungen; a prefix finds the whole word; the name weighs more than the body.
    expect(namesOf(await searchOf(tenant, 'Rechnung'))).toEqual([
      'Rechnungen herunterladen',
      'Passwort vergessen',
    ]);
    expect(namesOf(await searchOf(tenant, 'rechn'))).toEqual([
      'Rechnungen herunterladen',
      'Passwort vergessen',
    ]);
    expect(namesOf(await searchOf(tenant, 'Rechnungen'))[0]).toBe('Rechnungen herunterladen');
    expect(namesOf(await searchOf(tenant, 'invoice'))).toEqual(['Downloading invoices']);
    expect(namesOf(await searchOf(tenant, 'download'))).toEqual(['Downloading invoices']);
    // All words must match; syntax of to_tsquery in the text is only text.
    expect(namesOf(await searchOf(tenant, 'passwort rechnung'))).toEqual(['Passwort vergessen']);
    expect(namesOf(await searchOf(tenant, "passwort & !rechnung | ' :*"))).toEqual(['Passwort vergessen']);
    expect(await searchOf(tenant, '!!! &&')).toEqual([]);
    const [hit] = await searchOf(tenant, 'rechnung');
    expect(hit!.title).toEqual([
      { text: 'Rechnungen', mark: true },
      { text: ' herunterladen', mark: false },
    ]);
    expect(hit!.snippet.filter((piece) => piece.mark).map((piece) => piece.text)).toContain('Rechnungen');
    // Text stays text: markup characters of the stored text come back as they are, control marks never.
    const [animals] = await searchOf(tenant, 'katzen');
    expect(animals!.title.map((piece) => piece.text).join('')).toBe('Hunde & Katzen <gut>');
    const [pets] = await searchOf(tenant, 'tiere');
    expect(pets!.snippet.map((piece) => piece.text).join('')).not.toContain('\u0002');
  });

  it('reads an article by its category and slug with related articles, counts views and takes one vote per member', async () => {
    const tenant = await helpdeskApp(server);
    const konto = await tenant.category({ name: 'Konto' });
    const other = await tenant.category({ name: 'Zahlung' });
    const article = await tenant.article(konto.id, { name: 'Rechnungen herunterladen', body: '<p>PDF</p>' });
    await tenant.article(konto.id, { name: 'Adresse ändern' });
    await tenant.article(other.id, { name: 'Rechnungen prüfen' });
    await tenant.article(other.id, { name: 'Karten' });
    const read = async (who: { auth: string }) => {
      const response = await call('GET', routerUrl(konto.id, article.slug), who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        data: { viewsCount: number; myVote: boolean | null; helpfulCount: number; notHelpfulCount: number };
        related: { name: string }[];
      }>();
    };
    const first = await read(tenant.member);
    expect(first.data.viewsCount).toBe(1);
    expect(namesOf(first.related)).toEqual(['Adresse ändern', 'Rechnungen prüfen']);
    expect((await call('GET', routerUrl(other.id, article.slug), tenant.member)).statusCode).toBe(404);
    const vote = (who: { auth: string }, isHelpful: boolean | null) =>
      isHelpful === null
        ? call('DELETE', `/api/helpdesk/articles/${article.id}/vote`, who)
        : call('POST', `/api/helpdesk/articles/${article.id}/vote`, who, { isHelpful });
    expect((await vote(tenant.member, true)).json().data).toEqual({
      helpfulCount: 1,
      notHelpfulCount: 0,
      myVote: true,
    });
    expect((await vote(tenant.member, true)).json().data).toEqual({
      helpfulCount: 1,
      notHelpfulCount: 0,
      myVote: true,
    });
    expect((await vote(tenant.other, false)).json().data).toEqual({
      helpfulCount: 1,
      notHelpfulCount: 1,
      myVote: false,
    });
    expect((await vote(tenant.member, false)).json().data).toEqual({
      helpfulCount: 0,
      notHelpfulCount: 2,
      myVote: false,
    });
    const again = await read(tenant.member);
    expect(again.data).toMatchObject({ viewsCount: 2, myVote: false, helpfulCount: 0, notHelpfulCount: 2 });
    expect((await vote(tenant.member, null)).json().data).toEqual({
      helpfulCount: 0,
      notHelpfulCount: 1,
      myVote: null,
    });
    expect((await read(tenant.member)).data.myVote).toBeNull();
    // Two first answers of one member at once count once (the article's row is the lock; real on PostgreSQL).
    const both = await Promise.all([vote(tenant.member, true), vote(tenant.member, true)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await read(tenant.member)).data).toMatchObject({
      helpfulCount: 1,
      notHelpfulCount: 1,
      myVote: true,
    });
  });
});
