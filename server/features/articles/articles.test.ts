import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../../contracts/articles.ts';
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
const names = (response: { json: () => { data: Article[] } }) => response.json().data.map((row) => row.name);
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe(`articles (${testDriver})`, () => {
  it('creates an active article by default (RULE-226) with its slug, author, cover and sanitized body', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category('Neuigkeiten');
    const cover = await tenant.picture();
    const response = await call('POST', `/api/apps/${tenant.app.id}/articles`, tenant.owner, {
      name: 'Grüße, Welt!!  2',
      body: '<p>Hallo <script>alert(1)</script><strong>Welt</strong></p>',
      categoryId: category.id,
      coverId: cover,
      isAnnounced: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const article = response.json().data;
    expect(article).toMatchObject({
      slug: 'gruesse-welt-2',
      status: 'active',
      access: 'free',
      isAnnounced: true,
      isScheduled: false,
      body: '<p>Hallo <strong>Welt</strong></p>',
      category: { id: category.id, slug: category.slug },
      cover: { id: cover, tileUrl: expect.stringContaining(cover) },
      author: { id: tenant.owner.profileId },
      likes: 0,
      dislikes: 0,
      reaction: null,
      isFavorite: false,
    });
    expect(article.publishedAt).not.toBeNull();
    const read = await call(
      'GET',
      `/api/apps/${tenant.app.id}/articles/by-slug/gruesse-welt-2`,
      tenant.member,
    );
    expect(read.json().data).toMatchObject({
      id: article.id,
      permissions: { can: ['view', 'react', 'favorite'] },
    });
    const categories = await call('GET', `/api/apps/${tenant.app.id}/articles/categories`, tenant.member);
    expect(categories.json().data[0].articlesCount).toBe(1);
  });

  it('keeps drafts and scheduled articles to the editors: list, counters, by slug, by id and search', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    await tenant.article(category.id, {
      name: 'Rechnungen erklärt',
      body: '<p>Wie Rechnungen entstehen.</p>',
    });
    const draft = await tenant.article(category.id, { name: 'Rechnung Entwurf', status: 'draft' });
    const scheduled = await tenant.article(category.id, {
      name: 'Rechnung geplant',
      publishAt: hoursAhead(2),
      timeZone: 'Europe/Berlin',
    });
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null });
    expect(scheduled).toMatchObject({
      status: 'active',
      isScheduled: true,
      publishedAt: null,
      timeZone: 'Europe/Berlin',
    });
    const url = `/api/apps/${tenant.app.id}/articles`;

    expect(names(await call('GET', url, tenant.member))).toEqual(['Rechnungen erklärt']);
    expect(names(await call('GET', `${url}?q=rechnung`, tenant.member))).toEqual(['Rechnungen erklärt']);
    expect((await call('GET', `${url}?filter=draft`, tenant.member)).statusCode).toBe(403);
    expect((await call('GET', `${url}?filter=scheduled`, tenant.moderator)).statusCode).toBe(403);
    expect((await call('GET', `${url}/counters`, tenant.member)).json().data).toEqual({
      active: 1,
      favorites: 0,
      draft: null,
      scheduled: null,
    });
    for (const target of [draft, scheduled]) {
      expect((await call('GET', `${url}/by-slug/${target.slug}`, tenant.member)).statusCode).toBe(404);
      expect((await call('GET', `/api/articles/${target.id}`, tenant.member)).statusCode).toBe(404);
      expect((await call('POST', `/api/articles/${target.id}/favorite`, tenant.member)).statusCode).toBe(404);
    }

    // The editors' filters and counters.
    expect(names(await call('GET', `${url}?filter=draft`, tenant.owner))).toEqual(['Rechnung Entwurf']);
    expect(names(await call('GET', `${url}?filter=scheduled`, tenant.owner))).toEqual(['Rechnung geplant']);
    expect((await call('GET', `${url}/counters`, tenant.owner)).json().data).toEqual({
      active: 1,
      favorites: 0,
      draft: 1,
      scheduled: 1,
    });
    expect((await call('GET', `${url}/by-slug/${draft.slug}`, tenant.owner)).statusCode).toBe(200);

    // RULE-40: publishing the draft moves it from the draft list to the active one.
    const published = await call('PATCH', `/api/articles/${draft.id}`, tenant.owner, { status: 'active' });
    expect(published.json().data).toMatchObject({ status: 'active', isScheduled: false });
    expect(names(await call('GET', `${url}?filter=draft`, tenant.owner))).toEqual([]);
    expect(names(await call('GET', url, tenant.member))).toEqual(['Rechnung Entwurf', 'Rechnungen erklärt']);
    // Back to draft takes it off the members' list again.
    await call('PATCH', `/api/articles/${draft.id}`, tenant.owner, { status: 'draft' });
    expect(names(await call('GET', url, tenant.member))).toEqual(['Rechnungen erklärt']);
    const counts = await call('GET', `/api/apps/${tenant.app.id}/articles/categories`, tenant.owner);
    expect(counts.json().data[0].articlesCount).toBe(1);
  });

  it('searches German and English stems with prefixes, best first, and marks the matches', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    await tenant.article(category.id, {
      name: 'Zahlungen',
      body: '<p>Alle Rechnungen finden Sie im Konto.</p>',
    });
    await tenant.article(category.id, {
      name: 'Rechnung ändern',
      body: '<p>So ändern Sie eine Rechnung.</p>',
    });
    await tenant.article(category.id, { name: 'Running shoes', body: '<p>Our shoes for runners.</p>' });
    const url = `/api/apps/${tenant.app.id}/articles`;
    const found = await call('GET', `${url}?q=${encodeURIComponent('Rechnungen')}`, tenant.member);
    expect(names(found)).toEqual(['Rechnung ändern', 'Zahlungen']);
    const highlight = found.json().data[1].highlight;
    const [start, end] = highlight.ranges[0];
    expect(highlight.text.slice(start, end)).toBe('Rechnungen');
    expect(names(await call('GET', `${url}?q=rech`, tenant.member))).toHaveLength(2);
    expect(names(await call('GET', `${url}?q=run`, tenant.member))).toEqual(['Running shoes']);
    // Query syntax is only text: nothing of it reaches the parser.
    expect(
      (await call('GET', `${url}?q=${encodeURIComponent("!&|:*'(")}`, tenant.member)).json().meta.total,
    ).toBe(0);
    expect(names(await call('GET', `${url}?q=${encodeURIComponent('ändern & | !')}`, tenant.member))).toEqual(
      ['Rechnung ändern'],
    );
  });

  it('keeps `auth` articles from guests and lets guests in only when the service allows them', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    await tenant.article(category.id, { name: 'Für alle' });
    const members = await tenant.article(category.id, { name: 'Nur Mitglieder', access: 'auth' });
    const url = `/api/apps/${tenant.app.id}/articles`;
    expect((await call('GET', url)).statusCode).toBe(404);
    await tenant.setService(true, true);
    expect(names(await call('GET', url))).toEqual(['Für alle']);
    expect((await call('GET', `${url}/counters`)).json().data.active).toBe(1);
    expect((await call('GET', `/api/articles/${members.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/articles/${members.id}`, tenant.stranger)).statusCode).toBe(404);
    expect(names(await call('GET', url, tenant.member))).toEqual(['Nur Mitglieder', 'Für alle']);
    // Invited people are not members yet.
    expect(names(await call('GET', url, tenant.invited))).toEqual(['Für alle']);
  });

  it('refuses anonymous callers, other projects, members without the ability and bad input', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    const article = await tenant.article(category.id);
    const url = `/api/apps/${tenant.app.id}/articles`;
    const item = `/api/articles/${article.id}`;
    expect((await call('POST', url, undefined, { name: 'X', categoryId: category.id })).statusCode).toBe(401);
    expect((await call('PATCH', item, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('DELETE', item)).statusCode).toBe(401);
    for (const path of [url, `${url}/counters`, `${url}/by-slug/${article.slug}`, item]) {
      expect((await call('GET', path, tenant.stranger)).statusCode).toBe(404);
    }
    expect((await call('PATCH', item, tenant.stranger, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', item, tenant.stranger)).statusCode).toBe(404);
    for (const who of [tenant.member, tenant.moderator]) {
      expect((await call('POST', url, who, { name: 'X', categoryId: category.id })).statusCode).toBe(403);
      expect((await call('PATCH', item, who, { name: 'X' })).statusCode).toBe(403);
      expect((await call('DELETE', item, who)).statusCode).toBe(403);
    }
    // Bad input: fields named, never a 500.
    const other = await articlesApp(server);
    const foreignCategory = await other.category();
    const bad = await call('POST', url, tenant.owner, {
      name: 'X',
      categoryId: foreignCategory.id,
      coverId: await other.picture(),
      timeZone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      categoryId: 'validation.invalidValue',
      coverId: 'validation.invalidValue',
      timeZone: 'validation.invalidValue',
    });
    expect((await call('POST', url, tenant.owner, { name: '', categoryId: category.id })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', url, tenant.owner, { name: 'X', categoryId: category.id, status: 'gone' }))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', `${url}?filter=everything`, tenant.owner)).statusCode).toBe(400);
    expect((await call('PATCH', item, tenant.owner, { publishAt: 'tomorrow' })).statusCode).toBe(400);
    const slug = await call('PATCH', item, tenant.owner, { slug: (await tenant.article(category.id)).slug });
    expect(slug.statusCode).toBe(409);
    // The happy path of delete.
    expect((await call('DELETE', item, tenant.owner)).statusCode).toBe(204);
    expect((await call('GET', item, tenant.owner)).statusCode).toBe(404);
  });
});
