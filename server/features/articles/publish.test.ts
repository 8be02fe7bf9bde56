import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleCategories, articles } from '../../db/schema/index.ts';
import { articlesApp, articlesCaller } from '../../test/articles.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { articlePublishQueue, publishArticle, runArticlePublishJob } from './publish.job.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = articlesCaller(() => server);
const db = () => server.runtime.database.db;
const publishDeps = () => ({ db: db(), jobs: server.runtime.jobs, logger: pino({ level: 'silent' }) });
const rowOf = async (id: string) => (await db().select().from(articles).where(eq(articles.id, id)))[0]!;
const countOf = async (id: string) =>
  (await db().select().from(articleCategories).where(eq(articleCategories.id, id)))[0]!.articlesCount;
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const makeDue = (id: string) =>
  db()
    .update(articles)
    .set({ publishAt: new Date(Date.now() - 1000) })
    .where(eq(articles.id, id));

/** The jobs sent for an article (pg-boss's own table: what a worker will run, and from when). */
async function jobsOf(id: string) {
  const { rows } = await server.runtime.database.sql.query<{ start_after: Date }>(
    `select start_after from pgboss.job where name = $1 and data->>'articleId' = $2 order by created_on`,
    [articlePublishQueue, id],
  );
  return rows.map((row) => new Date(row.start_after));
}

describe(`scheduled articles (${testDriver})`, () => {
  it('sends a job for the time, which publishes the article once when due', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    const at = hoursAhead(2);
    const article = await tenant.article(category.id, {
      publishAt: at.toISOString(),
      timeZone: 'Europe/Berlin',
    });
    expect(article).toMatchObject({ isScheduled: true, publishAt: at.toISOString(), publishedAt: null });
    const [job] = await jobsOf(article.id);
    expect(Math.abs(job!.getTime() - at.getTime())).toBeLessThan(5_000);
    // Early (or twice) the job finds the article not due and leaves it.
    expect(await runArticlePublishJob(publishDeps(), { articleId: article.id })).toBe(0);
    expect((await rowOf(article.id)).publishedAt).toBeNull();
    await makeDue(article.id);
    expect(await runArticlePublishJob(publishDeps(), { articleId: article.id })).toBe(1);
    const publishedAt = (await rowOf(article.id)).publishedAt;
    expect(publishedAt).not.toBeNull();
    expect(await runArticlePublishJob(publishDeps(), { articleId: article.id })).toBe(0);
    expect(await runArticlePublishJob(publishDeps(), {})).toBe(0);
    expect((await rowOf(article.id)).publishedAt).toEqual(publishedAt);
    expect(await countOf(category.id)).toBe(1);
    const seen = await call('GET', `/api/articles/${article.id}`, tenant.member);
    expect(seen.json().data).toMatchObject({ isScheduled: false, publishedAt: publishedAt!.toISOString() });
  });

  it('publishes on an edit before the time; the job then finds nothing — also when both run at once', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    const early = await tenant.article(category.id, { publishAt: hoursAhead(1).toISOString() });
    const edited = await call('PATCH', `/api/articles/${early.id}`, tenant.owner, { publishAt: null });
    expect(edited.json().data).toMatchObject({ isScheduled: false, publishedAt: expect.any(String) });
    await makeDue(early.id);
    expect(await runArticlePublishJob(publishDeps(), { articleId: early.id })).toBe(0);
    expect(await countOf(category.id)).toBe(1);

    // The race: the edit and the job at the same moment; exactly one publishes.
    const raced = await tenant.article(category.id, { publishAt: hoursAhead(1).toISOString() });
    await makeDue(raced.id);
    const [byEdit, byJob] = await Promise.all([
      call('PATCH', `/api/articles/${raced.id}`, tenant.owner, { publishAt: null }),
      publishArticle(db(), raced.id, { dueOnly: true }),
    ]);
    expect(byEdit.statusCode).toBe(200);
    expect(byEdit.json().data.publishedAt).not.toBeNull();
    expect(typeof byJob).toBe('boolean');
    expect(await countOf(category.id)).toBe(2);
    expect(await publishArticle(db(), raced.id)).toBe(false);
    expect(await countOf(category.id)).toBe(2);
  });

  it('reschedules on an edit, and a draft is never published by the job', async () => {
    const tenant = await articlesApp(server);
    const category = await tenant.category();
    const article = await tenant.article(category.id, { publishAt: hoursAhead(1).toISOString() });
    const later = hoursAhead(5);
    await call('PATCH', `/api/articles/${article.id}`, tenant.owner, { publishAt: later.toISOString() });
    const jobs = await jobsOf(article.id);
    expect(jobs).toHaveLength(2);
    expect(Math.abs(jobs[1]!.getTime() - later.getTime())).toBeLessThan(5_000);
    await call('PATCH', `/api/articles/${article.id}`, tenant.owner, { status: 'draft' });
    await makeDue(article.id);
    expect(await runArticlePublishJob(publishDeps(), { articleId: article.id })).toBe(0);
    expect((await rowOf(article.id)).publishedAt).toBeNull();
    expect(await countOf(category.id)).toBe(0);
    // Active again with the time passed: the edit publishes it at once.
    const back = await call('PATCH', `/api/articles/${article.id}`, tenant.owner, { status: 'active' });
    expect(back.json().data.publishedAt).not.toBeNull();
    expect(await countOf(category.id)).toBe(1);
  });
});
