import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { parseDocument, DomUtils } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, communityCategories } from '../../db/schema/index.ts';
import { randomToken } from '../../platform/crypto.ts';
import { projectRoot } from '../../platform/paths.ts';
import { insertCloudFile, putBlob } from '../../test/cloud.ts';
import { createCommunityWorld, createOutsider, type TestPerson } from '../../test/community-world.ts';
import { apiCaller } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

/*
 * Share links and link previews (issue 15): the HTML of every post and share address as an anonymous visitor
 * (a messenger's or social network's crawler) carries the post's preview tags only where the post may be shown,
 * the app's generic preview otherwise; the share API call opens the post for whoever may read it.
 */

let server: TestServer;
let webRoot: string;
let builtPage: string;

beforeAll(async () => {
  // The web app's page as the build writes it (web/index.html, scripts aside).
  webRoot = await mkdtemp(path.join(tmpdir(), 'gemeinde-share-web-'));
  builtPage = (await readFile(path.join(projectRoot, 'web', 'index.html'), 'utf8')).replace(
    '<script type="module" src="/main.tsx"></script>',
    `<script type="module" src="/assets/index-Ab12.js"></script>${'<!-- -->'.repeat(100)}`,
  );
  await writeFile(path.join(webRoot, 'index.html'), builtPage);
  server = await createTestServer({ env: { SERVE_WEB: 'true' }, webRoot });
});
afterAll(async () => {
  await server?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const call = apiCaller(() => server);
const base = () => `${new URL(server.config.publicBaseUrl).protocol}//${server.config.publicDomain}`;

/** The page of an address on the public domain, as a crawler without a session asks for it. */
const page = (address: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url: address,
    headers: { host: server.config.publicDomain, ...headers },
  });

/** What the page's head says: title, meta tags by property or name, canonical link. */
function headOf(html: string) {
  const document = parseDocument(html);
  const head = DomUtils.findOne((node) => node.name === 'head', document.children)!;
  const metas = DomUtils.findAll((node) => node.name === 'meta', head.children);
  const tags: Record<string, string> = {};
  for (const meta of metas) {
    const key = meta.attribs.property ?? meta.attribs.name;
    if (key && meta.attribs.content !== undefined) {
      tags[key] = meta.attribs.content;
    }
  }
  const titles = DomUtils.findAll((node) => node.name === 'title', head.children);
  const canonical = DomUtils.findAll(
    (node) => node.name === 'link' && node.attribs.rel === 'canonical',
    head.children,
  );
  return {
    titles: titles.map((node) => DomUtils.textContent(node)),
    tags,
    canonical: canonical.map((node) => node.attribs.href),
  };
}

async function world() {
  const w = await createCommunityWorld(server, { appName: 'Akademie "Süd" & <Co>' });
  const author = await w.join('member', { firstName: 'Anna', lastName: 'Autorin' });
  const member = await w.join();
  const other = await w.join();
  const open = await w.space('open');
  const closed = await w.space('private');
  const secret = await w.space('secret');
  await w.addToSpace(closed.id, member);
  await w.addToSpace(secret.id, member);
  const cover = await insertCloudFile(w.db, {
    projectId: w.project.id,
    ownerAccountId: author.accountId,
    name: 'titelbild.jpg',
    mimeType: 'image/jpeg',
    type: 'image',
    variants: { tile: `test/${randomToken(8)}/tile.webp` },
  });
  await putBlob(server.runtime.storage, cover.variants.tile!, 'kachel');
  const openPost = await w.addPost({ spaceId: open.id }, author, {
    name: 'Sommerfest <script>alert(1)</script> & "Grillen"',
    bodyHtml: `<p>Wir feiern am <strong>Samstag</strong> &amp; grillen &lt;draußen&gt;.</p><p>${'Mehr Text. '.repeat(40)}</p>`,
    coverId: cover.id,
  });
  const privatePost = await w.addPost({ spaceId: closed.id }, member, {
    name: 'Vertrauliche Runde',
    bodyHtml: '<p>Nur für den Vorstand</p>',
    coverId: cover.id,
  });
  const secretPost = await w.addPost({ spaceId: secret.id }, member, {
    name: 'Geheimes Treffen',
    bodyHtml: '<p>Niemand darf es wissen</p>',
  });
  const unshared = await w.addPost({ spaceId: open.id }, author, {
    name: 'Nicht zum Teilen',
    bodyHtml: '<p>Bleibt hier</p>',
    isShareDisabled: true,
  });
  const scheduled = await w.addPost({ spaceId: open.id }, author, {
    name: 'Kommt noch',
    bodyHtml: '<p>Später</p>',
    publishedAt: null,
    publishAt: new Date(Date.now() + 86_400_000),
  });
  const categoryPost = await w.addPost({ categoryId: w.categoryId }, author, {
    name: 'Kategorie-Beitrag',
    bodyHtml: '<p>Aus der Kategorie</p>',
    metaTitle: 'Meta-Titel',
    ogTitle: 'OG-Titel',
    ogDescription: 'OG-Beschreibung',
  });
  const slug = w.app.slug;
  const pageOf = (post: { slug: string }, space: { slug: string }) =>
    `/${slug}/groups/g/${space.slug}/p/${post.slug}`;
  const shareOf = (post: { shareHash: string }, space: { slug: string }) =>
    `/${slug}/groups/g/${space.slug}/share/${post.shareHash}`;
  return {
    ...w,
    author,
    member,
    other,
    open,
    closed,
    secret,
    cover,
    openPost,
    privatePost,
    secretPost,
    unshared,
    scheduled,
    categoryPost,
    pageOf,
    shareOf,
  };
}

type World = Awaited<ReturnType<typeof world>>;

/** The generic preview: the app's name and nothing of any post. */
function expectGeneric(w: World, html: string, hidden: string[]) {
  const head = headOf(html);
  expect(head.titles).toEqual([w.app.name]);
  expect(head.tags).toMatchObject({
    'og:title': w.app.name,
    'og:type': 'website',
    'og:url': `${base()}/${w.app.slug}`,
    robots: 'noindex',
    'twitter:card': 'summary',
  });
  expect(head.canonical).toEqual([`${base()}/${w.app.slug}`]);
  for (const text of hidden) {
    expect(html).not.toContain(text);
  }
  expect(html).not.toContain('/cover');
}

describe(`link previews of post and share addresses (${testDriver})`, () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('shows an open post to crawlers where guests may read it: escaped tags, cover, canonical', async () => {
    await w.setService('community', true, true);
    try {
      const response = await page(w.pageOf(w.openPost, w.open), { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.etag).toBeTruthy();
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      const html = brotliDecompressSync(response.rawPayload).toString();
      const head = headOf(html);
      const canonical = `${base()}/${w.app.slug}/groups/g/${w.open.slug}/p/${w.openPost.slug}`;
      expect(head.titles).toEqual([`${w.openPost.name} · ${w.app.name}`]);
      expect(head.canonical).toEqual([canonical]);
      expect(head.tags).toMatchObject({
        'og:title': w.openPost.name,
        'og:type': 'article',
        'og:site_name': w.app.name,
        'og:locale': 'de_DE',
        'og:url': canonical,
        'og:image': `${base()}/api/apps/${w.app.id}/community/share/${w.openPost.shareHash}/cover`,
        'twitter:card': 'summary',
        'article:published_time': w.openPost.publishedAt!.toISOString(),
      });
      const description = head.tags['og:description']!;
      expect(description.startsWith('Wir feiern am Samstag & grillen <draußen>. Mehr Text.')).toBe(true);
      expect(description.length).toBeLessThanOrEqual(200);
      expect(description.endsWith('…')).toBe(true);
      expect(head.tags.description).toBe(description);
      // Escaped in the HTML itself: the post's `<script>` is text, never an element.
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('Sommerfest &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Grillen&quot;');
      expect(html.match(/<script/g)).toHaveLength(1);
      // The picture is reachable without a session: a redirect to the tile's signed address, then its bytes.
      const cover = await call('GET', new URL(head.tags['og:image']!).pathname);
      expect(cover.statusCode).toBe(302);
      expect(cover.headers['cache-control']).toBe('public, max-age=3600');
      expect(cover.headers.location).toMatch(new RegExp(`^/api/cloud/blobs/${w.cover.id}/tile\\?exp=`));
      const bytes = await call('GET', String(cover.headers.location));
      expect(bytes.statusCode).toBe(200);
      expect(bytes.body).toBe('kachel');
      // A second visit with the ETag costs nothing.
      const again = await page(w.pageOf(w.openPost, w.open), {
        'if-none-match': String(response.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    } finally {
      await w.setService('community', true, false);
    }
  });

  it('keeps the post page generic where guests may not read, but shows its share address', async () => {
    expectGeneric(w, (await page(w.pageOf(w.openPost, w.open))).body, ['Sommerfest', 'Wir feiern']);
    const shared = headOf((await page(w.shareOf(w.openPost, w.open))).body);
    expect(shared.tags['og:title']).toBe(w.openPost.name);
    expect(shared.canonical).toEqual([
      `${base()}/${w.app.slug}/groups/g/${w.open.slug}/p/${w.openPost.slug}`,
    ]);
    // The old address of the share link previews the same way and points at the new one.
    const old = headOf((await page(`/${w.app.slug}/s/${w.open.slug}/share/${w.openPost.shareHash}`)).body);
    expect(old.tags['og:url']).toBe(shared.tags['og:url']);
  });

  it('never shows a private or secret post, an unshared, scheduled or unknown one, even with guests let in', async () => {
    await w.setService('community', true, true);
    try {
      const addresses: [string, string[]][] = [
        [w.pageOf(w.privatePost, w.closed), ['Vertrauliche', 'Vorstand']],
        [w.shareOf(w.privatePost, w.closed), ['Vertrauliche', 'Vorstand']],
        [w.pageOf(w.secretPost, w.secret), ['Geheimes', 'Niemand']],
        [w.shareOf(w.secretPost, w.secret), ['Geheimes', 'Niemand']],
        // A private post under an open space's address is still the private post.
        [`/${w.app.slug}/groups/g/${w.open.slug}/p/${w.privatePost.slug}`, ['Vertrauliche']],
        [w.pageOf(w.unshared, w.open), ['Nicht zum Teilen', 'Bleibt hier']],
        [w.shareOf(w.unshared, w.open), ['Nicht zum Teilen', 'Bleibt hier']],
        [w.pageOf(w.scheduled, w.open), ['Kommt noch', 'Später']],
        [w.shareOf(w.scheduled, w.open), ['Kommt noch', 'Später']],
        [`/${w.app.slug}/groups/g/${w.open.slug}/p/gibt-es-nicht`, []],
        [`/${w.app.slug}/groups/g/${w.open.slug}/share/${randomToken(16)}`, []],
      ];
      for (const [address, hidden] of addresses) {
        const response = await page(address);
        expect(response.statusCode, address).toBe(200);
        expectGeneric(w, response.body, hidden);
      }
      // Its picture is not served either.
      const cover = await call(
        'GET',
        `/api/apps/${w.app.id}/community/share/${w.privatePost.shareHash}/cover`,
      );
      expect(cover.statusCode).toBe(404);
    } finally {
      await w.setService('community', true, false);
    }
  });

  it('previews category posts by their own fields while the communities are switched on', async () => {
    const category = `/${w.app.slug}/communities/c/kategorie/p/${w.categoryPost.slug}`;
    const share = `/${w.app.slug}/communities/c/kategorie/share/${w.categoryPost.shareHash}`;
    expectGeneric(w, (await page(share)).body, ['Kategorie-Beitrag', 'OG-Titel']);
    await w.setService('communities', true);
    try {
      expectGeneric(w, (await page(category)).body, ['OG-Titel']);
      const head = headOf((await page(share)).body);
      expect(head.titles).toEqual([`Meta-Titel · ${w.app.name}`]);
      expect(head.tags).toMatchObject({ 'og:title': 'OG-Titel', 'og:description': 'OG-Beschreibung' });
      expect(head.tags['og:image']).toBeUndefined();
      const [categoryRow] = await w.db
        .select()
        .from(communityCategories)
        .where(eq(communityCategories.id, w.categoryId));
      expect(head.canonical).toEqual([
        `${base()}/${w.app.slug}/communities/c/${categoryRow!.slug}/p/${w.categoryPost.slug}`,
      ]);
      await w.setService('communities', true, true);
      expect(headOf((await page(category)).body).tags['og:title']).toBe('OG-Titel');
    } finally {
      await w.setService('communities', false);
    }
  });

  it('leaves other addresses, hosts and unknown apps with the page as built', async () => {
    for (const address of [
      `/${w.app.slug}/groups`,
      `/${w.app.slug}/groups/g/${w.open.slug}`,
      '/unbekannt/groups/g/x/p/y',
    ]) {
      expect((await page(address)).body, address).toBe(builtPage);
    }
    const onServiceHost = await server.app.inject({
      method: 'GET',
      url: w.shareOf(w.openPost, w.open),
      headers: { host: server.config.serviceHost },
    });
    expect(onServiceHost.body).toBe(builtPage);
    // An archived app is gone for visitors: nothing of it in the page.
    await w.db.update(apps).set({ isArchive: true }).where(eq(apps.id, w.app.id));
    try {
      expect((await page(w.shareOf(w.openPost, w.open))).body).toBe(builtPage);
    } finally {
      await w.db.update(apps).set({ isArchive: false }).where(eq(apps.id, w.app.id));
    }
  });

  it('gives the app’s logo to generic previews when it has one', async () => {
    const logo = await insertCloudFile(w.db, {
      projectId: w.project.id,
      ownerAccountId: w.owner.accountId,
      type: 'image',
      mimeType: 'image/png',
      name: 'logo.png',
    });
    await w.db.update(apps).set({ logoId: logo.id }).where(eq(apps.id, w.app.id));
    const head = headOf((await page(w.shareOf(w.privatePost, w.closed))).body);
    expect(head.tags['og:image']).toBe(`${base()}/api/apps/${w.app.id}/logo`);
  });
});

describe(`the share link's API call (${testDriver})`, () => {
  let w: World;
  let outsider: TestPerson;
  beforeAll(async () => {
    w = await world();
    outsider = await createOutsider(server);
  });

  const open = (post: { shareHash: string }, person?: TestPerson, appId = w.app.id) =>
    call('GET', `/api/apps/${appId}/community/share/${post.shareHash}`, person?.token);

  it('opens the post for whoever may read it', async () => {
    const seen = await open(w.openPost, w.other);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({
      id: w.openPost.id,
      name: w.openPost.name,
      shareHash: w.openPost.shareHash,
      space: { id: w.open.id, slug: w.open.slug },
    });
    expect((await open(w.privatePost, w.member)).json().data.id).toBe(w.privatePost.id);
    await w.setService('community', true, true);
    try {
      expect((await open(w.openPost)).statusCode).toBe(200);
    } finally {
      await w.setService('community', true, false);
    }
  });

  it('asks visitors without a session to sign in, and answers 404 to everyone else it refuses', async () => {
    expect((await open(w.openPost)).statusCode).toBe(401);
    expect((await open(w.privatePost)).statusCode).toBe(401);
    expect((await open(w.privatePost, w.other)).statusCode).toBe(404);
    expect((await open(w.secretPost, w.other)).statusCode).toBe(404);
    expect((await open(w.openPost, outsider)).statusCode).toBe(404);
    // Sharing off, not published, unknown, or the hash of another app: 404 for everyone.
    for (const post of [w.unshared, w.scheduled, { shareHash: randomToken(16) }]) {
      expect((await open(post, w.author)).statusCode).toBe(404);
      expect((await open(post)).statusCode).toBe(404);
    }
    const elsewhere = await createCommunityWorld(server);
    expect((await open(w.openPost, w.author, elsewhere.app.id)).statusCode).toBe(404);
  });

  it('refuses malformed hashes and ids with 400', async () => {
    expect((await call('GET', `/api/apps/${w.app.id}/community/share/kurz`, w.author.token)).statusCode).toBe(
      400,
    );
    expect(
      (await call('GET', `/api/apps/kein-uuid/community/share/${w.openPost.shareHash}`)).statusCode,
    ).toBe(400);
    expect(
      (await call('GET', `/api/apps/${w.app.id}/community/share/${'x'.repeat(65)}/cover`)).statusCode,
    ).toBe(400);
  });

  it('serves the preview picture only for posts a preview may show, and only when there is one', async () => {
    const noCover = await call(
      'GET',
      `/api/apps/${w.app.id}/community/share/${w.secretPost.shareHash}/cover`,
    );
    expect(noCover.statusCode).toBe(404);
    const category = await call(
      'GET',
      `/api/apps/${w.app.id}/community/share/${w.categoryPost.shareHash}/cover`,
    );
    expect(category.statusCode).toBe(404);
    expect(
      (await call('GET', `/api/apps/${w.app.id}/community/share/${w.openPost.shareHash}/cover`)).statusCode,
    ).toBe(302);
  });
});
