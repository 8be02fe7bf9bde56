import { eq, sql } from 'drizzle-orm';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFiles, courseEnrollments, profiles } from '../../db/schema/index.ts';
import { insertCloudFile, putBlob } from '../../test/cloud.ts';
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
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const fetchPath = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: pathOf(url), headers });

type Item = Parser.Item & { itunes?: { duration?: string; episode?: string } };
// An RSS parser of its own (rss-parser), not ours: the feed must read as podcast apps read it.
const parser = new Parser<
  { language: string; 'itunes:block': string; 'itunes:type': string; 'podcast:locked': string },
  Item
>({ customFields: { feed: ['language', 'itunes:block', 'itunes:type', 'podcast:locked'] } });

const audioBytes = 'ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000Folge eins';

/** An audio file of the project's library with real bytes (Range requests are served from them). */
async function audioFile(tenant: CommunityApp, name: string) {
  const file = await insertCloudFile(tenant.db, {
    projectId: tenant.project.id,
    ownerAccountId: tenant.owner.accountId,
    type: 'audio',
    name,
    mimeType: 'audio/mpeg',
    size: Buffer.byteLength(audioBytes),
  });
  await putBlob(server.runtime.storage, file.storageKey, audioBytes);
  return file;
}

/**
 * A published podcast with drip: lesson 1 with audio (open), lesson 2 with audio opening in five days, lesson 3
 * without media (no episode).
 */
async function podcast(tenant: CommunityApp, course: Record<string, unknown> = {}) {
  const made = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
    type: 'podcast',
    name: 'Stille & "Stunde" <live>',
    note: 'Gespräche über Ruhe',
    coverId: await tenant.picture(),
    isPublished: true,
    dripContent: true,
    ...course,
  });
  expect(made.statusCode, made.body).toBe(201);
  const courseId = made.json().data.id as string;
  const module = await call('POST', `/api/courses/${courseId}/modules`, tenant.owner, { name: 'Staffel 1' });
  expect(module.statusCode, module.body).toBe(201);
  const lessonOf = async (body: Record<string, unknown>) => {
    const lesson = await call('POST', `/api/modules/${module.json().data.id}/lessons`, tenant.owner, body);
    expect(lesson.statusCode, lesson.body).toBe(201);
    return lesson.json().data.id as string;
  };
  const first = await audioFile(tenant, 'folge-1.mp3');
  await tenant.db.update(cloudFiles).set({ durationMs: 61_400 }).where(eq(cloudFiles.id, first.id));
  const lessons = [
    await lessonOf({ name: 'Folge 1: Anfang', audioIds: [first.id] }),
    await lessonOf({ name: 'Folge 2: Später', audioIds: [(await audioFile(tenant, 'folge-2.mp3')).id] }),
    await lessonOf({ name: 'Notizen' }),
  ];
  const body = await call('PATCH', `/api/lessons/${lessons[0]}`, tenant.owner, {
    body: '<p>Erste &amp; <strong>beste</strong> Folge</p>',
  });
  expect(body.statusCode, body.body).toBe(200);
  const drip = await call('PATCH', `/api/lessons/${lessons[1]}`, tenant.owner, { dripDays: 5 });
  expect(drip.statusCode, drip.body).toBe(200);
  return { courseId, slug: made.json().data.slug as string, lessons, audio: first };
}

async function feedUrlOf(courseId: string, who: { auth: string }) {
  const response = await call('GET', `/api/courses/${courseId}/podcast-feed`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { url: string } }>().data.url;
}

async function readFeed(url: string) {
  const response = await fetchPath(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  return { text: response.body, feed: await parser.parseString(response.body) };
}

describe(`podcast feeds (${testDriver})`, () => {
  it("writes the member's private feed of the open episodes, with enclosures that serve ranges", async () => {
    const tenant = await communityApp(server);
    const { courseId, slug, lessons, audio } = await podcast(tenant);
    const url = await feedUrlOf(courseId, tenant.member);
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/podcasts\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}\.rss$/);
    expect(await feedUrlOf(courseId, tenant.member)).toBe(url);
    expect(await feedUrlOf(courseId, tenant.other)).not.toBe(url);

    const { text, feed } = await readFeed(url);
    expect(text).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    expect(text).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
    expect(feed).toMatchObject({
      title: 'Stille & "Stunde" <live>',
      description: 'Gespräche über Ruhe',
      language: 'de',
      'itunes:block': 'Yes',
      'itunes:type': 'episodic',
      'podcast:locked': 'yes',
      itunes: { author: tenant.app.name, explicit: 'false' },
    });
    expect(feed.link).toMatch(new RegExp(`/${tenant.app.slug}/courses/c/${slug}$`));
    expect(feed.itunes?.image).toMatch(/\/api\/cloud\/blobs\/[0-9a-f-]+\/original\?exp=\d+&sig=/);

    // The drip lesson is not open yet and the third has no media: one episode.
    expect(feed.items).toHaveLength(1);
    const [item] = feed.items as [Item];
    expect(item).toMatchObject({
      title: 'Folge 1: Anfang',
      guid: lessons[0],
      content: 'Erste & beste Folge',
      enclosure: { length: String(audio.size), type: 'audio/mpeg' },
      itunes: { duration: '61', episode: '1' },
    });
    expect(text).toContain(`<guid isPermaLink="false">${lessons[0]}</guid>`);
    expect(text).toContain('<title>Stille &amp; &quot;Stunde&quot; &lt;live&gt;</title>');
    expect(new Date(item.pubDate!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(item.enclosure!.url).toBe(url.replace(/\.rss$/, `/${lessons[0]}.mp3`));

    // The enclosure sends to a signed blob address that serves ranges.
    const enclosure = await fetchPath(item.enclosure!.url);
    expect(enclosure.statusCode).toBe(302);
    const blob = enclosure.headers.location!;
    expect(blob).toMatch(/\/api\/cloud\/blobs\/[0-9a-f-]+\/original\?exp=\d+&sig=/);
    const range = await fetchPath(new URL(blob, url).href, { range: 'bytes=0-2' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('ID3');
    expect(range.headers['content-range']).toBe(`bytes 0-2/${audio.size}`);

    // The locked lesson's media is not served either; nor a lesson of another course.
    expect((await fetchPath(url.replace(/\.rss$/, `/${lessons[1]}.mp3`))).statusCode).toBe(404);
    expect((await fetchPath(url.replace(/\.rss$/, `/${tenant.app.id}.mp3`))).statusCode).toBe(404);

    // A manager's own feed has every episode, newest in course order first.
    const managerFeed = await readFeed(await feedUrlOf(courseId, tenant.owner));
    expect(managerFeed.feed.items.map((entry) => entry.title)).toEqual([
      'Folge 2: Später',
      'Folge 1: Anfang',
    ]);
  });

  it('ends a revoked URL and makes a new one on the next ask', async () => {
    const tenant = await communityApp(server);
    const { courseId, lessons } = await podcast(tenant);
    const old = await feedUrlOf(courseId, tenant.member);
    const other = await feedUrlOf(courseId, tenant.other);
    expect((await call('DELETE', `/api/courses/${courseId}/podcast-feed`, tenant.member)).statusCode).toBe(
      204,
    );
    expect((await fetchPath(old)).statusCode).toBe(404);
    expect((await fetchPath(old.replace(/\.rss$/, `/${lessons[0]}.mp3`))).statusCode).toBe(404);
    const renewed = await feedUrlOf(courseId, tenant.member);
    expect(renewed).not.toBe(old);
    expect((await fetchPath(renewed)).statusCode).toBe(200);
    expect((await fetchPath(other)).statusCode).toBe(200);
    // A forged or malformed token is no feed.
    expect((await fetchPath(renewed.replace(/\.[^.]{43}\.rss$/, `.${'A'.repeat(43)}.rss`))).statusCode).toBe(
      404,
    );
    expect((await fetchPath(renewed.replace(/\/[^/]+\.rss$/, '/nope.rss'))).statusCode).toBe(404);
  });

  it('answers one notice instead of the episodes once access has ended or the member left', async () => {
    const tenant = await communityApp(server);
    const { courseId, lessons } = await podcast(tenant, { limitAccessByTime: 2 });
    const url = await feedUrlOf(courseId, tenant.member);
    expect((await readFeed(url)).feed.items).toHaveLength(1);
    await tenant.db.insert(courseEnrollments).values({
      courseId,
      profileId: tenant.member.profileId,
      timeZone: 'Europe/Berlin',
      accessBeganAt: sql`now() - interval '3 days'`,
    });
    const ended = (await readFeed(url)).feed;
    expect(ended.items).toHaveLength(1);
    expect(ended.items[0]).toMatchObject({
      title: 'Ihr Zugang ist abgelaufen',
      guid: `${courseId}:access-ended`,
    });
    expect(ended.items[0]!.enclosure).toBeUndefined();
    expect((await fetchPath(url.replace(/\.rss$/, `/${lessons[0]}.mp3`))).statusCode).toBe(404);

    // In the member's language; and a member who left the app reads the same notice.
    const otherUrl = await feedUrlOf(courseId, tenant.other);
    await tenant.db
      .update(profiles)
      .set({ language: 'en', deletedAt: new Date() })
      .where(eq(profiles.id, tenant.other.profileId));
    const left = (await readFeed(otherUrl)).feed;
    expect(left.language).toBe('en');
    expect(left.items.map((entry) => entry.title)).toEqual(['Your access has ended']);
  });

  it('refuses the feed URL to anonymous callers, other projects, and for courses that are no podcasts', async () => {
    const tenant = await communityApp(server);
    const { courseId } = await podcast(tenant);
    const feedUrl = `/api/courses/${courseId}/podcast-feed`;
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(method, feedUrl)).statusCode).toBe(401);
      expect((await call(method, feedUrl, tenant.stranger)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/courses/nope/podcast-feed', tenant.member)).statusCode).toBe(400);
    const course = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
      type: 'course',
      name: 'Kein Podcast',
      isPublished: true,
    });
    const other = `/api/courses/${course.json().data.id}/podcast-feed`;
    expect((await call('GET', other, tenant.member)).statusCode).toBe(404);
    expect((await call('DELETE', other, tenant.member)).statusCode).toBe(404);
  });
});
