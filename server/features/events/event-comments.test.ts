import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentList } from '../../../contracts/community-comments.ts';
import type { Event } from '../../../contracts/events.ts';
import { apps, comments, eventHosts, events, notifications } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { communityApp, communityCaller, type CommunityApp } from '../../test/community-spaces.ts';
import { insertEventRow, type EventRowInput } from '../../test/event-rows.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

/*
 * Comments on events (`entityType` event) through the community's comment routes: readers are whoever may view
 * the event, writers hold its `comment` ability, and `events.comments_count` moves with the comments.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
type Who = { auth: string } | undefined;

/** A members-only weekly event of the owner's (or as `input` says), written straight into the tables. */
const createEvent = async (tenant: CommunityApp, input: Partial<EventRowInput> = {}) =>
  insertEventRow(tenant.db, {
    appId: tenant.app.id,
    authorProfileId: tenant.owner.profileId,
    startsLocal: '2030-03-04T19:00:00',
    rrule: 'FREQ=WEEKLY',
    ...input,
  });

const listUrl = (eventId: string, extra = '') => `/api/comments?entityType=event&entityId=${eventId}${extra}`;

const post = (who: Who, eventId: string, body: string, extra: object = {}) =>
  call('POST', '/api/comments', who, { entityType: 'event', entityId: eventId, body, ...extra });

async function comment(who: Who, eventId: string, body: string, extra: object = {}): Promise<Comment> {
  const response = await post(who, eventId, body, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Comment }>().data;
}

async function list(who: Who, url: string): Promise<CommentList> {
  const response = await call('GET', url, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CommentList>();
}

async function countOf(tenant: CommunityApp, eventId: string): Promise<number> {
  const [row] = await tenant.db
    .select({ count: events.commentsCount })
    .from(events)
    .where(eq(events.id, eventId));
  return row!.count;
}

describe(`event comments: who may do what (${testDriver})`, () => {
  let tenant: CommunityApp;
  let event: { id: string };
  let first: Comment;
  beforeAll(async () => {
    tenant = await communityApp(server);
    event = await createEvent(tenant);
    first = await comment(tenant.member, event.id, '<p>Erster</p>');
  });

  /** Every comment route on the event and its first comment. */
  const routes = (): [Parameters<typeof call>[0], string, object?][] => [
    ['POST', '/api/comments', { entityType: 'event', entityId: event.id, body: '<p>x</p>' }],
    ['PATCH', `/api/comments/${first.id}`, { body: '<p>x</p>' }],
    ['DELETE', `/api/comments/${first.id}`],
    ['POST', `/api/comments/${first.id}/like`],
    ['DELETE', `/api/comments/${first.id}/like`],
  ];

  it('answers 401 without a session on every writing route, 404 to the list while guests may not look', async () => {
    expect((await call('GET', listUrl(event.id))).statusCode).toBe(404);
    for (const [method, url, payload] of routes()) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 to a member of another project, as for events that do not exist', async () => {
    for (const [method, url, payload] of [...routes(), ['GET', listUrl(event.id)] as const]) {
      const response = await call(method, url, tenant.stranger, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Erster');
    }
    expect((await call('GET', listUrl(newId()), tenant.member)).statusCode).toBe(404);
    expect((await post(tenant.member, newId(), '<p>x</p>')).statusCode).toBe(404);
    // An event is no post: its id under another entity type is unknown.
    const asPost = `/api/comments?entityType=post&entityId=${event.id}`;
    expect((await call('GET', asPost, tenant.member)).statusCode).toBe(404);
    expect((await post(tenant.member, event.id, '<p>x</p>', { entityType: 'post' })).statusCode).toBe(404);
  });

  it('leaves a punished member reading only: 403 on writing, liking and replying', async () => {
    const punished = await tenant.person('member');
    await tenant.sanction(punished, 'punished');
    const seen = await list(punished, listUrl(event.id));
    expect(seen.data.map((item) => item.body)).toEqual(['<p>Erster</p>']);
    expect(seen.data[0]!.permissions.can).toEqual(['view']);
    expect((await post(punished, event.id, '<p>Darf ich?</p>')).statusCode).toBe(403);
    expect((await post(punished, event.id, '<p>Antwort</p>', { parentCommentId: first.id })).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/comments/${first.id}/like`, punished)).statusCode).toBe(403);
    expect(await countOf(tenant, event.id)).toBe(1);
  });

  it('lets guests read a free event’s comments where the app lets them look, and never write', async () => {
    const free = await createEvent(tenant, { name: 'Offenes Treffen', access: 'free' });
    await comment(tenant.member, free.id, '<p>Willkommen</p>');
    expect((await call('GET', listUrl(free.id))).statusCode).toBe(404);
    await tenant.db
      .update(apps)
      .set({
        serviceSettings: sql`${apps.serviceSettings} || '{"events": {"isVisibleToGuests": true}}'::jsonb`,
      })
      .where(eq(apps.id, tenant.app.id));
    const seen = await list(undefined, listUrl(free.id));
    expect(seen.data.map((item) => item.body)).toEqual(['<p>Willkommen</p>']);
    expect(seen.data[0]!.permissions.can).toEqual(['view']);
    // A signed-in guest (no profile in the app) sees the event but may not comment.
    expect((await list(tenant.stranger, listUrl(free.id))).data).toHaveLength(1);
    expect((await post(tenant.stranger, free.id, '<p>Hallo</p>')).statusCode).toBe(403);
    // An event only members see stays closed to guests.
    expect((await call('GET', listUrl(event.id))).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const bad: object[] = [
      { entityType: 'event', entityId: event.id, body: '' },
      { entityType: 'event', entityId: event.id, body: '<p>  </p>' },
      { entityType: 'event', entityId: event.id, body: '<script>alert(1)</script>' },
      { entityType: 'event', entityId: 'kein-uuid', body: '<p>x</p>' },
      { entityType: 'events', entityId: event.id, body: '<p>x</p>' },
      { entityType: 'event', entityId: event.id, body: 'x'.repeat(20_001) },
      { entityType: 'event', entityId: event.id, body: '<p>x</p>', extra: true },
      // Replies go to a live top-level comment of the same event.
      { entityType: 'event', entityId: event.id, body: '<p>x</p>', parentCommentId: newId() },
    ];
    for (const payload of bad) {
      const response = await call('POST', '/api/comments', tenant.member, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const query of ['&page=0', '&sort=neu', `&parentCommentId=kein-uuid`]) {
      expect((await call('GET', listUrl(event.id, query), tenant.member)).statusCode, query).toBe(400);
    }
    expect((await call('GET', '/api/comments?entityType=event&entityId=x', tenant.member)).statusCode).toBe(
      400,
    );
    expect(await countOf(tenant, event.id)).toBe(1);
  });
});

describe(`event comments: the happy path and the counter (${testDriver})`, () => {
  it('comments, replies, edits, likes and deletes, with events.comments_count in step', async () => {
    const tenant = await communityApp(server);
    const event = await createEvent(tenant);
    const host = await tenant.person('member');
    await tenant.db.insert(eventHosts).values({ eventId: event.id, profileId: host.profileId, position: 0 });
    expect(event.commentsCount).toBe(0);

    const top = await comment(tenant.member, event.id, '<p>Wer bringt <script>x</script>Kaffee?</p>');
    expect(top).toMatchObject({
      entityType: 'event',
      entityId: event.id,
      parentCommentId: null,
      body: '<p>Wer bringt Kaffee?</p>',
      author: { profileId: tenant.member.profileId },
      repliesCount: 0,
      permissions: { can: ['view', 'like', 'reply', 'edit', 'delete'] },
    });
    const reply = await comment(tenant.other, event.id, '<p>Ich!</p>', { parentCommentId: top.id });
    expect(reply.parentCommentId).toBe(top.id);
    expect(await countOf(tenant, event.id)).toBe(2);
    const page = await call('GET', `/api/events/${event.id}`, tenant.member);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: Event }>().data.commentsCount).toBe(2);

    // The other member reads the thread: a reply inline; reports are the posts' moderation's, not here.
    const seen = await list(tenant.other, listUrl(event.id));
    expect(seen.meta.total).toBe(1);
    expect(seen.data[0]).toMatchObject({ id: top.id, repliesCount: 1, replies: [{ id: reply.id }] });
    expect(seen.data[0]!.permissions.can).toEqual(['view', 'like', 'reply']);
    expect(seen.data[0]!.replies[0]!.permissions.can).toEqual(['view', 'like', 'edit', 'delete']);
    expect((await list(tenant.member, listUrl(event.id, `&parentCommentId=${top.id}`))).data).toHaveLength(1);

    // Only the author edits; likes count.
    expect(
      (await call('PATCH', `/api/comments/${top.id}`, tenant.other, { body: '<p>x</p>' })).statusCode,
    ).toBe(403);
    const edited = await call('PATCH', `/api/comments/${top.id}`, tenant.member, {
      body: '<p>Wer bringt Tee?</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: Comment }>().data).toMatchObject({ body: '<p>Wer bringt Tee?</p>' });
    const liked = await call('POST', `/api/comments/${top.id}/like`, tenant.other);
    expect(liked.json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    // Reports are the posts' moderation's: an event's comment is not there to report.
    const report = await call('POST', `/api/comments/${top.id}/report`, tenant.other, { reason: 'spam' });
    expect(report.statusCode).toBe(404);

    // Another member may not delete it; the event's host (who organizes it) may.
    expect((await call('DELETE', `/api/comments/${reply.id}`, tenant.member)).statusCode).toBe(403);
    const byHost = await call('DELETE', `/api/comments/${reply.id}`, host);
    expect(byHost.json()).toEqual({ data: { id: reply.id, isRemoved: true } });
    expect(await countOf(tenant, event.id)).toBe(1);

    // A top-level comment with replies stays as "deleted" and no longer counts.
    const second = await comment(tenant.other, event.id, '<p>Zweiter</p>');
    await comment(tenant.member, event.id, '<p>Antwort</p>', { parentCommentId: second.id });
    expect(await countOf(tenant, event.id)).toBe(3);
    const kept = await call('DELETE', `/api/comments/${second.id}`, tenant.other);
    expect(kept.json()).toEqual({ data: { id: second.id, isRemoved: false } });
    expect(await countOf(tenant, event.id)).toBe(2);
    const removed = await call('DELETE', `/api/comments/${top.id}`, tenant.member);
    expect(removed.json()).toEqual({ data: { id: top.id, isRemoved: true } });
    expect(await countOf(tenant, event.id)).toBe(1);
    const rows = await tenant.db.select().from(comments).where(eq(comments.entityId, event.id));
    expect(rows.map((row) => row.entityType)).toEqual(['event', 'event']);

    // A deleted event's comments are gone with it for everyone.
    expect((await call('DELETE', `/api/events/${event.id}`, tenant.owner)).statusCode).toBeLessThan(300);
    expect((await call('GET', listUrl(event.id), tenant.member)).statusCode).toBe(404);
    expect((await post(tenant.member, event.id, '<p>Noch da?</p>')).statusCode).toBe(404);
  });
});

describe(`event comments: who hears of them (${testDriver})`, () => {
  it('tells the event’s author, the one replied to, the mentioned and the liked, with a link to the event', async () => {
    const tenant = await communityApp(server);
    const event = await createEvent(tenant);
    const told = async (profileId: string) =>
      tenant.db
        .select({ type: notifications.type, data: notifications.data, commentId: notifications.commentId })
        .from(notifications)
        .where(eq(notifications.profileId, profileId))
        .orderBy(notifications.createdAt);
    const data = { title: event.name, eventId: event.id, eventSlug: event.slug };

    const mention = `<span data-type="mention" data-id="${tenant.other.profileId}" data-label="Ole">@Ole</span>`;
    const top = await comment(tenant.member, event.id, `<p>Kommst du, ${mention}?</p>`);
    expect(await told(tenant.owner.profileId)).toEqual([{ type: 'new_comment', data, commentId: top.id }]);
    expect(await told(tenant.other.profileId)).toEqual([{ type: 'mention', data, commentId: top.id }]);
    expect(await told(tenant.member.profileId)).toEqual([]);

    // The author replies: the member hears of it, the author not of their own doing.
    const reply = await comment(tenant.owner, event.id, '<p>Ja!</p>', { parentCommentId: top.id });
    expect(await told(tenant.member.profileId)).toEqual([
      { type: 'comment_reply', data, commentId: reply.id },
    ]);
    expect(await told(tenant.owner.profileId)).toHaveLength(1);

    expect((await call('POST', `/api/comments/${top.id}/like`, tenant.other)).statusCode).toBe(200);
    expect((await told(tenant.member.profileId)).map((item) => item.type)).toEqual([
      'comment_reply',
      'comment_like',
    ]);

    // The member's list names the event (the web and the mail lead to its page from `eventSlug`).
    const items = await call('GET', `/api/apps/${tenant.app.id}/notifications`, tenant.member);
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json<{ data: { type: string; data: Record<string, string> }[] }>().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'comment_like', data })]),
    );
  });
});
