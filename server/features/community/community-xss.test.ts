import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../../contracts/community-comments.ts';
import { comments, communityPosts, moderationSettings } from '../../db/schema/index.ts';
import { richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import { xssCorpus } from '../../platform/xss-corpus.ts';
import { apiCaller } from '../../test/identity.ts';
import { createCommunityWorld, type TestPerson } from '../../test/community-world.ts';
import { inertnessProblems } from '../../test/inert-html.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

/*
 * Issue 15: every payload of the XSS corpus (server/platform/xss-corpus.ts), sent through the real API as a
 * post's body and as a comment, comes back inert — in the create answer, in what a reader gets, and as stored —
 * or is refused with 400 (a comment with nothing left to show, or text PostgreSQL cannot store). Each payload
 * is also sent inside ordinary text, so even the ones that sanitize to nothing pass through storage.
 */

let server: TestServer;
let author: TestPerson;
let reader: TestPerson;
let postId: string;
let spaceId: string;
let imageOrigins: string[];
let db: TestServer['runtime']['database']['db'];

beforeAll(async () => {
  server = await createTestServer();
  const world = await createCommunityWorld(server);
  author = await world.join();
  reader = await world.join();
  const space = await world.space('open');
  spaceId = space.id;
  postId = (await world.addPost({ spaceId: space.id }, author)).id;
  db = world.db;
  // Hundreds of posts and comments by one member: the moderation settings' hourly limits are off here.
  await db
    .insert(moderationSettings)
    .values({ appId: world.app.id, values: { postsPerHour: 0, commentsPerHour: 0 } });
  const protocol = new URL(server.config.publicBaseUrl).protocol;
  imageOrigins = [`${protocol}//${server.config.publicDomain}`, server.config.publicBaseUrl];
});
afterAll(async () => {
  await server?.close();
});

const call = apiCaller(() => server);
// Text PostgreSQL cannot store: the input guard refuses it before anything else sees it.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

async function expectInertRoundTrip(html: string): Promise<'stored' | 'refused'> {
  const response = await call('POST', '/api/comments', author.token, {
    entityType: 'post',
    entityId: postId,
    body: html,
  });
  if (unstorable.test(html)) {
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TEXT');
    return 'refused';
  }
  const clean = sanitizeRichText(html, { imageOrigins });
  if (richTextToPlainText(clean) === '' && !/<(img|iframe)[\s>]/.test(clean)) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ body: 'validation.required' });
    return 'refused';
  }
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const created = response.json<{ data: Comment }>().data;
  expect(inertnessProblems(created.body, imageOrigins)).toEqual([]);
  expect(created.body).toBe(clean);
  const [stored] = await db.select().from(comments).where(eq(comments.id, created.id));
  expect(stored!.bodyHtml).toBe(created.body);
  expect(inertnessProblems(stored!.bodyHtml, imageOrigins)).toEqual([]);
  return 'stored';
}

describe(`the XSS corpus through the comment API (${testDriver})`, () => {
  it('has at least 100 payloads', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(100);
  });

  it('gives back every payload inert, or refuses it', { timeout: 300_000 }, async () => {
    const outcomes = { stored: 0, refused: 0 };
    for (const { category, html } of xssCorpus) {
      for (const body of [html, `<p>Vorher</p>${html}<p>Nachher</p>`]) {
        try {
          outcomes[await expectInertRoundTrip(body)] += 1;
        } catch (error) {
          throw new Error(`${category}: ${JSON.stringify(body)}\n${String(error)}`);
        }
      }
    }
    // The wrapped copies always keep text, so every payload but the unstorable ones went through storage.
    expect(outcomes.stored).toBeGreaterThanOrEqual(xssCorpus.length);

    // What a reader gets back from the list is just as inert.
    let page = 1;
    let seen = 0;
    for (;;) {
      const response = await call(
        'GET',
        `/api/comments?entityType=post&entityId=${postId}&page=${page}`,
        reader.token,
      );
      expect(response.statusCode).toBe(200);
      const { data, meta } = response.json<{ data: Comment[]; meta: { pages: number } }>();
      for (const item of data) {
        expect(inertnessProblems(item.body, imageOrigins), item.body).toEqual([]);
        seen += 1;
      }
      if (page >= meta.pages) {
        break;
      }
      page += 1;
    }
    expect(seen).toBe(outcomes.stored);
  });
});

describe(`the XSS corpus through the post API (${testDriver})`, () => {
  // A post may have an empty body, so every payload is stored as it comes.
  it('gives back every payload inert as a post body, or refuses it', { timeout: 900_000 }, async () => {
    const created = new Set<string>();
    for (const [index, { category, html }] of xssCorpus.entries()) {
      const where = `${category}: ${JSON.stringify(html)}`;
      const response = await call('POST', `/api/spaces/${spaceId}/posts`, author.token, {
        name: `Beitrag ${index + 1}`,
        body: html,
      });
      if (unstorable.test(html)) {
        expect(response.statusCode, where).toBe(400);
        expect(response.json().code, where).toBe('INVALID_TEXT');
        continue;
      }
      expect(response.statusCode, `${where}\n${response.body}`).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const post = response.json<{ data: { id: string; body: string } }>().data;
      expect(inertnessProblems(post.body, imageOrigins), where).toEqual([]);
      expect(post.body, where).toBe(sanitizeRichText(html, { imageOrigins }));
      const [row] = await db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
      expect(row!.bodyHtml, where).toBe(post.body);
      created.add(post.id);
    }
    expect(created.size).toBeGreaterThanOrEqual(100);

    // As a reader gets them in the space's list.
    const seen = new Set<string>();
    for (let page = 1; ; page += 1) {
      const response = await call('GET', `/api/spaces/${spaceId}/posts?page=${page}`, reader.token);
      expect(response.statusCode).toBe(200);
      const { data, meta } = response.json<{
        data: { id: string; body: string }[];
        meta: { pages: number };
      }>();
      for (const post of data) {
        expect(inertnessProblems(post.body, imageOrigins), post.body).toEqual([]);
        seen.add(post.id);
      }
      if (page >= meta.pages) {
        break;
      }
    }
    expect([...created].every((id) => seen.has(id))).toBe(true);
  });
});
