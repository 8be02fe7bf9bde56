import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationSettingsDefaults } from '../../../contracts/moderation.ts';
import { newId } from '../../platform/ids.ts';
import { signedInTestAccount } from '../../test/identity.ts';
import { communityApp, postsCaller, writePost } from '../../test/community-posts.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';

/*
 * The moderation routes' four cases (issue 16): anonymous (401), a member of another project (404), a member
 * of the app without the ability (403), bad input (400), and the happy path of the settings and of an inbox
 * item's calls. The flows themselves: pre-moderation.test.ts, reports.test.ts, rate-limits.test.ts.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = postsCaller(() => server);

async function outsider() {
  const stranger = await signedInTestAccount(server);
  await createAppWithProfile(server, { id: stranger.id }, { as: 'owner' });
  return stranger.token;
}

/** An app with a space, a member who wrote a post there and another member who reported it. */
async function setUp() {
  const community = await communityApp(server);
  const space = await community.space('open');
  const author = await community.person();
  const reporter = await community.person();
  await community.join(space, author);
  const post = await writePost(server, author, { spaceId: space });
  const reported = await call('POST', `/api/posts/${post.id}/report`, reporter.token, { reason: 'spam' });
  expect(reported.statusCode).toBe(204);
  const list = await call('GET', `/api/apps/${community.app.id}/moderation`, community.owner.token);
  const itemId = list.json().data[0].id as string;
  return { ...community, space, author, reporter, post, itemId };
}

describe(`moderation settings (${testDriver})`, () => {
  it('answers the defaults, stores changes field by field, and is the staff’s alone', async () => {
    const { app, owner, person } = await communityApp(server);
    const url = `/api/apps/${app.id}/moderation/settings`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('PATCH', url, undefined, { reportsToHide: 5 })).statusCode).toBe(401);
    expect((await call('GET', url, await outsider())).statusCode).toBe(404);
    const member = await person();
    expect((await call('GET', url, member.token)).statusCode).toBe(403);
    expect((await call('PATCH', url, member.token, { reportsToHide: 5 })).statusCode).toBe(403);

    const initial = await call('GET', url, owner.token);
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toEqual(moderationSettingsDefaults);

    const changed = await call('PATCH', url, owner.token, { reportsToHide: 5, postsPerHour: 0 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({ ...moderationSettingsDefaults, reportsToHide: 5, postsPerHour: 0 });
    // A moderator holds `settings_moderation` too; their change keeps the owner's.
    const moderator = await person('moderator');
    const again = await call('PATCH', url, moderator.token, { premoderateFirstPosts: 2 });
    expect(again.json().data).toMatchObject({ reportsToHide: 5, postsPerHour: 0, premoderateFirstPosts: 2 });
    expect((await call('GET', url, moderator.token)).json().data).toEqual(again.json().data);
  });

  it('refuses numbers out of bounds, fractions, strings and unknown fields with 400', async () => {
    const { app, owner } = await communityApp(server);
    const url = `/api/apps/${app.id}/moderation/settings`;
    for (const body of [
      { reportsToHide: -1 },
      { postsPerHour: 1001 },
      { commentsPerHour: 1.5 },
      { reportsPerHour: 'zehn' },
      { unknown: 1 },
    ]) {
      const response = await call('PATCH', url, owner.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('GET', url, owner.token)).json().data).toEqual(moderationSettingsDefaults);
  });
});

describe(`moderation inbox calls (${testDriver})`, () => {
  it('refuses anonymous callers, other projects and members without the ability', async () => {
    const { app, itemId, reporter } = await setUp();
    const stranger = await outsider();
    const calls: [method: 'GET' | 'POST' | 'DELETE', url: string][] = [
      ['GET', `/api/apps/${app.id}/moderation`],
      ['GET', `/api/apps/${app.id}/moderation/counters`],
      ['GET', `/api/moderation/${itemId}/reports`],
      ['POST', `/api/moderation/${itemId}/approve`],
      ['DELETE', `/api/moderation/${itemId}/approve`],
    ];
    for (const [method, url] of calls) {
      const body = method === 'DELETE' ? { reason: '' } : undefined;
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, stranger, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, reporter.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // An unknown item is 404 for everyone.
    const { owner } = await communityApp(server);
    expect((await call('POST', `/api/moderation/${newId()}/approve`, owner.token)).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const { app, owner, itemId } = await setUp();
    const list = `/api/apps/${app.id}/moderation`;
    expect((await call('GET', `${list}?tab=chat`, owner.token)).statusCode).toBe(400);
    expect((await call('GET', `${list}?status=open`, owner.token)).statusCode).toBe(400);
    expect((await call('GET', `${list}?page=0`, owner.token)).statusCode).toBe(400);
    expect((await call('GET', `${list}/counters?tab=chat`, owner.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/moderation/not-an-id/reports`, owner.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/moderation/${itemId}/reports?page=x`, owner.token)).statusCode).toBe(400);
    const reject = `/api/moderation/${itemId}/approve`;
    expect((await call('DELETE', reject, owner.token, { reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await call('DELETE', reject, owner.token, { reason: 7 })).statusCode).toBe(400);
    expect((await call('DELETE', reject, owner.token, { why: 'so' })).statusCode).toBe(400);
  });

  it('lists an item with what it is about, its reports and counters; approve and reject answer the item', async () => {
    const { app, owner, itemId, post, author, reporter, space } = await setUp();
    const list = await call(
      'GET',
      `/api/apps/${app.id}/moderation?tab=post&status=inbox&page=1`,
      owner.token,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [
        {
          id: itemId,
          tab: 'post',
          status: 'inbox',
          cause: 'reports',
          isHidden: false,
          reportsCount: 1,
          reason: '',
          latestReports: [
            {
              reporter: { profileId: reporter.profileId },
              reason: 'spam',
              note: '',
              createdAt: expect.any(String),
            },
          ],
          entity: {
            type: 'post',
            post: { id: post.id, slug: post.slug, discriminator: 'groups' },
            commentId: null,
            excerpt: 'Hallo',
            isDeleted: false,
          },
          author: { profileId: author.profileId },
          space: { id: space },
          category: null,
          decidedBy: null,
          decidedAt: null,
        },
      ],
      meta: { page: 1, pages: 1, total: 1 },
    });
    const counters = await call('GET', `/api/apps/${app.id}/moderation/counters?tab=post`, owner.token);
    expect(counters.json()).toEqual({ data: { approvedCount: 0, inboxCount: 1, rejectedCount: 0 } });
    // The ticket tab exists and is empty until the help desk brings tickets.
    const tickets = await call('GET', `/api/apps/${app.id}/moderation?tab=ticket`, owner.token);
    expect(tickets.json()).toEqual({ data: [], meta: { page: 1, pages: 0, total: 0 } });
    const ticketCounters = await call(
      'GET',
      `/api/apps/${app.id}/moderation/counters?tab=ticket`,
      owner.token,
    );
    expect(ticketCounters.json().data).toEqual({ approvedCount: 0, inboxCount: 0, rejectedCount: 0 });

    const reports = await call('GET', `/api/moderation/${itemId}/reports`, owner.token);
    expect(reports.json()).toMatchObject({
      data: [{ reporter: { profileId: reporter.profileId }, reason: 'spam' }],
      meta: { page: 1, pages: 1, total: 1 },
    });

    const approved = await call('POST', `/api/moderation/${itemId}/approve`, owner.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      id: itemId,
      status: 'approved',
      decidedBy: { profileId: owner.profileId },
      decidedAt: expect.any(String),
    });
    // Without a body the reason is empty.
    const rejected = await call('DELETE', `/api/moderation/${itemId}/approve`, owner.token);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ id: itemId, status: 'rejected', reason: '' });
  });
});
