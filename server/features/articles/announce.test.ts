import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../contracts/notifications.ts';
import { accounts, articles, mailOutbox } from '../../db/schema/index.ts';
import { articlesApp, articlesCaller, type ArticlesApp } from '../../test/articles.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { createNotificationMails } from '../notifications/mail.job.ts';
import { createNotifier } from '../notifications/public.ts';
import { createUnsubscribeLinks } from '../notifications/unsubscribe.ts';
import { articleAnnounceQueue, runArticleAnnounceJob } from './announce.job.ts';
import { runArticlePublishJob } from './publish.job.ts';

/*
 * Announced articles (issue 20, docs/decisions/articles.md): a published announced article tells the app's
 * members once — through a save or the scheduled publication, however often the jobs run.
 */

const server = useTestServer();
const call = articlesCaller(server);
const db = () => server().runtime.database.db;
const silent = pino({ level: 'silent' });
const notifier = () =>
  createNotifier({ realtime: server().runtime.realtime, jobs: server().runtime.jobs, logger: silent });
const announce = (articleId?: string) =>
  runArticleAnnounceJob({ db: db(), notifier: notifier() }, articleId ? { articleId } : {});
const publish = (articleId: string) =>
  runArticlePublishJob({ db: db(), jobs: server().runtime.jobs, logger: silent }, { articleId });
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db().execute(query);
  return (result as { rows: Row[] }).rows;
}

/** Who was told of the article, sorted. */
const toldOf = async (articleId: string) =>
  (
    await rows<{ profile_id: string }>(
      sql`select profile_id from notifications
        where type = 'article_announced' and data ->> 'articleId' = ${articleId}`,
    )
  )
    .map((row) => row.profile_id)
    .sort();

/** The announcement jobs sent for the article. */
const jobsOf = async (articleId: string) =>
  (
    await rows<{ id: string }>(
      sql`select id from pgboss.job where name = ${articleAnnounceQueue} and data ->> 'articleId' = ${articleId}`,
    )
  ).length;

/** The members who may read the app's published articles: everyone with a live profile but the invited. */
const members = (tenant: ArticlesApp) =>
  [tenant.member.profileId, tenant.other.profileId, tenant.moderator.profileId].sort();

const edit = async (tenant: ArticlesApp, id: string, body: object) => {
  const response = await call('PATCH', `/api/articles/${id}`, tenant.owner, body);
  expect(response.statusCode, response.body).toBe(200);
};

describe(`announced articles (${testDriver})`, () => {
  it('tells the members once when published — not the author, not the invited, not another app', async () => {
    const tenant = await articlesApp(server());
    const category = await tenant.category('Neuigkeiten');
    const article = await tenant.article(category.id, { name: 'Sommerfest', isAnnounced: true });
    expect(await jobsOf(article.id)).toBe(1);
    expect(await announce(article.id)).toBe(3);
    // The job again (a retry) and the sweep find it told.
    expect(await announce(article.id)).toBe(0);
    expect(await announce()).toBe(0);
    expect(await toldOf(article.id)).toEqual(members(tenant));
    const [row] = await db().select().from(articles).where(eq(articles.id, article.id));
    expect(row!.announcedAt).not.toBeNull();

    const list = await call('GET', `/api/apps/${tenant.app.id}/notifications`, tenant.member);
    expect(list.json<NotificationList>().data).toEqual([
      expect.objectContaining({
        type: 'article_announced',
        isRead: false,
        actors: [],
        post: null,
        data: {
          title: 'Sommerfest',
          articleId: article.id,
          articleSlug: 'sommerfest',
          categorySlug: category.slug,
        },
      }),
    ]);
    const badge = await call('GET', `/api/apps/${tenant.app.id}/notifications/counters`, tenant.member);
    expect(badge.json()).toEqual({ notifications: 1 });

    // Its mail names the article and leads to its page.
    const [account] = await db()
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, tenant.member.accountId));
    await createNotificationMails({
      db: db(),
      mailer: server().runtime.mailer,
      links: createUnsubscribeLinks(db()),
      appBaseUrl: 'https://apps.example.com',
      logger: silent,
    }).sweep(new Date(Date.now() + 11 * 60_000));
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, account!.email));
    expect(mail!.subject).toBe('Neuer Artikel: „Sommerfest“');
    expect(mail!.text).toContain(
      `https://apps.example.com/${tenant.app.slug}/articles/${category.slug}/sommerfest`,
    );
  });

  it('tells nobody of drafts and unannounced articles, until a save publishes or announces them', async () => {
    const tenant = await articlesApp(server());
    const category = await tenant.category();
    const draft = await tenant.article(category.id, { status: 'draft', isAnnounced: true });
    const plain = await tenant.article(category.id);
    expect(await jobsOf(draft.id)).toBe(0);
    expect(await jobsOf(plain.id)).toBe(0);
    expect(await announce(draft.id)).toBe(0);
    expect(await announce(plain.id)).toBe(0);
    expect(await announce()).toBe(0);
    expect(await toldOf(draft.id)).toEqual([]);
    expect(await toldOf(plain.id)).toEqual([]);

    // Published by an edit, the draft is announced; the flag set on a published article announces it too.
    await edit(tenant, draft.id, { status: 'active' });
    await edit(tenant, plain.id, { isAnnounced: true });
    expect(await jobsOf(draft.id)).toBe(1);
    expect(await jobsOf(plain.id)).toBe(1);
    expect(await announce(draft.id)).toBe(3);
    expect(await announce(plain.id)).toBe(3);
    expect(await toldOf(draft.id)).toEqual(members(tenant));
    expect(await toldOf(plain.id)).toEqual(members(tenant));
  });

  it('announces a scheduled article once at its publication, however often the jobs run', async () => {
    const tenant = await articlesApp(server());
    const category = await tenant.category();
    const article = await tenant.article(category.id, { publishAt: hoursAhead(1), isAnnounced: true });
    expect(await jobsOf(article.id)).toBe(0);
    expect(await announce(article.id)).toBe(0);
    await db()
      .update(articles)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, article.id));
    expect(await publish(article.id)).toBe(1);
    expect(await publish(article.id)).toBe(0);
    expect(await jobsOf(article.id)).toBe(1);
    // The job and a retry of it at the same moment, and the sweep after them.
    const runs = await Promise.all([announce(article.id), announce(article.id)]);
    expect(runs.sort()).toEqual([0, 3]);
    expect(await announce()).toBe(0);
    expect(await toldOf(article.id)).toEqual(members(tenant));
  });

  it('does not announce an article again on edits, a new publication or the flag set anew', async () => {
    const tenant = await articlesApp(server());
    const category = await tenant.category();
    const article = await tenant.article(category.id, { isAnnounced: true });
    expect(await announce(article.id)).toBe(3);
    await edit(tenant, article.id, { name: 'Sommerfest, neu' });
    await edit(tenant, article.id, { status: 'draft' });
    await edit(tenant, article.id, { status: 'active' });
    await edit(tenant, article.id, { isAnnounced: false });
    await edit(tenant, article.id, { isAnnounced: true });
    expect(await jobsOf(article.id)).toBe(1);
    expect(await announce(article.id)).toBe(0);
    expect(await announce()).toBe(0);
    expect(await toldOf(article.id)).toEqual(members(tenant));
  });

  it('waits while the service is off and announces when it is switched on (the sweep)', async () => {
    const tenant = await articlesApp(server());
    const category = await tenant.category();
    await tenant.setService(false);
    const article = await tenant.article(category.id, { isAnnounced: true });
    expect(await announce(article.id)).toBe(0);
    expect(await toldOf(article.id)).toEqual([]);
    await tenant.setService(true);
    expect(await announce()).toBe(3);
    expect(await announce()).toBe(0);
    expect(await toldOf(article.id)).toEqual(members(tenant));
  });
});
