import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, communitySpaces } from '../../db/schema/index.ts';
import { communityApp, insertPost, postsCaller, writePost } from '../../test/community-posts.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { publishPost, publishQueue, runPublishJob } from './publish.job.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = postsCaller(() => server);
const db = () => server.runtime.database.db;

const rowOf = async (id: string) =>
  (await db().select().from(communityPosts).where(eq(communityPosts.id, id)))[0]!;
const countOf = async (spaceId: string) =>
  (await db().select().from(communitySpaces).where(eq(communitySpaces.id, spaceId)))[0]!.postsCount;

/** The jobs sent for a post (pg-boss's own table: what a worker will run, and from when). */
async function jobsOf(postId: string) {
  const { rows } = await server.runtime.database.sql.query<{ start_after: Date }>(
    `select start_after from pgboss.job where name = $1 and data->>'postId' = $2 order by created_on`,
    [publishQueue, postId],
  );
  return rows.map((row) => new Date(row.start_after));
}

async function setUp() {
  const community = await communityApp(server);
  const open = await community.space('open');
  const member = await community.person();
  await community.join(open, member);
  return { ...community, open, member };
}

const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000);

describe(`scheduled posts (${testDriver})`, () => {
  it('keeps a scheduled post to its author and moderators until published, and sends its job for the time', async () => {
    const { open, member, owner } = await setUp();
    const at = hoursAhead(2);
    const post = await writePost(
      server,
      owner,
      { spaceId: open },
      {
        publishAt: at.toISOString(),
        timeZone: 'Europe/Berlin',
      },
    );
    expect(post).toMatchObject({
      isScheduled: true,
      publishedAt: null,
      timeZone: 'Europe/Berlin',
      shareHash: null,
    });
    expect(post.publishAt).toBe(at.toISOString());
    expect(await countOf(open)).toBe(0);
    expect((await call('GET', `/api/posts/${post.id}`, member.token)).statusCode).toBe(404);
    const [job] = await jobsOf(post.id);
    expect(Math.abs(job!.getTime() - at.getTime())).toBeLessThan(5_000);
    // The job that comes early (or twice) finds the post not due and leaves it.
    expect(await runPublishJob(db(), { postId: post.id })).toBe(0);
    expect((await rowOf(post.id)).publishedAt).toBeNull();
    // The explicit call publishes it once; the job then finds nothing.
    const published = await call('PATCH', `/api/posts/${post.id}/publish`, owner.token);
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ isScheduled: false, shareHash: expect.any(String) });
    expect(await countOf(open)).toBe(1);
    await db()
      .update(communityPosts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(communityPosts.id, post.id));
    expect(await runPublishJob(db(), { postId: post.id })).toBe(0);
    expect(await countOf(open)).toBe(1);
    expect((await call('GET', `/api/posts/${post.id}`, member.token)).statusCode).toBe(200);
    // Published: nothing left to publish.
    expect((await call('PATCH', `/api/posts/${post.id}/publish`, owner.token)).statusCode).toBe(403);
  });

  it('publishes by the job when the time has come, and the sweep catches due posts without a job', async () => {
    const { open, owner, app } = await setUp();
    const due = await insertPost(server, {
      appId: app.id,
      authorProfileId: owner.profileId,
      spaceId: open,
      name: 'Fällig',
      publishedAt: null,
      publishAt: new Date(Date.now() - 1000),
    });
    expect(await runPublishJob(db(), { postId: due.id })).toBe(1);
    expect((await rowOf(due.id)).publishedAt).not.toBeNull();
    expect(await countOf(open)).toBe(1);
    const forgotten = await insertPost(server, {
      appId: app.id,
      authorProfileId: owner.profileId,
      spaceId: open,
      name: 'Vergessen',
      publishedAt: null,
      publishAt: new Date(Date.now() - 60_000),
    });
    expect(await runPublishJob(db(), {})).toBeGreaterThanOrEqual(1);
    expect((await rowOf(forgotten.id)).publishedAt).not.toBeNull();
    expect(await countOf(open)).toBe(2);
  });

  it('reschedules when publishAt is edited, and publishes at once when it is cleared', async () => {
    const { open, owner, member } = await setUp();
    const post = await writePost(
      server,
      owner,
      { spaceId: open },
      { publishAt: hoursAhead(1).toISOString() },
    );
    // Only who may edit the publish time changes it: the member may not see the post at all.
    expect((await call('PATCH', `/api/posts/${post.id}`, member.token, { publishAt: null })).statusCode).toBe(
      404,
    );
    const later = hoursAhead(5);
    const moved = await call('PATCH', `/api/posts/${post.id}`, owner.token, {
      publishAt: later.toISOString(),
    });
    expect(moved.json().data).toMatchObject({ publishAt: later.toISOString(), isScheduled: true });
    const jobs = await jobsOf(post.id);
    expect(jobs).toHaveLength(2);
    expect(Math.abs(jobs[1]!.getTime() - later.getTime())).toBeLessThan(5_000);
    // The first job's time comes: the post is not due any more.
    await db()
      .update(communityPosts)
      .set({ publishAt: hoursAhead(4) })
      .where(eq(communityPosts.id, post.id));
    expect(await runPublishJob(db(), { postId: post.id })).toBe(0);
    const now = await call('PATCH', `/api/posts/${post.id}`, owner.token, { publishAt: null });
    expect(now.json().data).toMatchObject({ isScheduled: false, publishAt: null });
    expect(await countOf(open)).toBe(1);
    // A published post keeps its time: changing it is refused.
    const refused = await call('PATCH', `/api/posts/${post.id}`, owner.token, {
      publishAt: hoursAhead(3).toISOString(),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('publishes exactly once when the job and the publish call run at the same time', async () => {
    const { open, owner, app } = await setUp();
    const rounds = 12;
    let byJob = 0;
    for (let round = 0; round < rounds; round += 1) {
      const post = await insertPost(server, {
        appId: app.id,
        authorProfileId: owner.profileId,
        spaceId: open,
        name: `Rennen ${round}`,
        publishedAt: null,
        publishAt: new Date(Date.now() - 1000),
      });
      const [jobPublished, answer] = await Promise.all([
        runPublishJob(db(), { postId: post.id }),
        call('PATCH', `/api/posts/${post.id}/publish`, owner.token),
      ]);
      byJob += jobPublished;
      // The call either published or found it published (it had the ability when it began) — never twice.
      expect([200, 403]).toContain(answer.statusCode);
      expect((await rowOf(post.id)).publishedAt).not.toBeNull();
    }
    expect(await countOf(open)).toBe(rounds);
    expect(byJob).toBeLessThanOrEqual(rounds);
    // The statement both run, from two connections at once: one of them publishes, the other finds nothing.
    for (let round = 0; round < rounds; round += 1) {
      const post = await insertPost(server, {
        appId: app.id,
        authorProfileId: owner.profileId,
        spaceId: open,
        name: `Gleichzeitig ${round}`,
        publishedAt: null,
        publishAt: new Date(Date.now() - 1000),
      });
      const results = await Promise.all([
        publishPost(db(), post.id),
        publishPost(db(), post.id, { dueOnly: true }),
        publishPost(db(), post.id),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    }
    expect(await countOf(open)).toBe(2 * rounds);
  });
});
