import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../contracts/notifications.ts';
import {
  accounts,
  communityPostFollows,
  communitySpaceMembers,
  mailOutbox,
  notifications,
  profiles,
} from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { createCommunityWorld, createOutsider, type TestPerson } from '../../test/community-world.ts';
import { apiCaller } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { notifyPublishedPost } from '../community/public.ts';
import { createNotificationMails } from './mail.job.ts';
import { createUnsubscribeLinks } from './unsubscribe.ts';

/*
 * Notifications (issue 16): who is told of what, collapsing, the badge, marking read, the mails after their
 * hold, digests and one-click unsubscribe. One server for the file, one app per test.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = apiCaller(() => server);
const db = () => server.runtime.database.db;

async function world() {
  const w = await createCommunityWorld(server, { appName: 'Grüne Wiese' });
  const anna = await w.join('member', { firstName: 'Anna', lastName: 'Autorin' });
  const ben = await w.join('member', { firstName: 'Ben', lastName: 'Berger' });
  const clara = await w.join('member', { firstName: 'Clara', lastName: 'Conrad' });
  const open = await w.space('open');
  const post = await w.addPost({ spaceId: open.id }, anna, { name: 'Willkommen' });
  return { ...w, anna, ben, clara, open, post };
}

const base = (w: { app: { id: string } }) => `/api/apps/${w.app.id}/notifications`;

async function listOf(w: { app: { id: string } }, person: TestPerson, query = ''): Promise<NotificationList> {
  const response = await call('GET', `${base(w)}${query}`, person.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationList>();
}

async function badge(w: { app: { id: string } }, person: TestPerson): Promise<number> {
  const response = await call('GET', `${base(w)}/counters`, person.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ notifications: number }>().notifications;
}

async function comment(person: TestPerson, postId: string, body: string, parentCommentId?: string) {
  const response = await call('POST', '/api/comments', person.token, {
    entityType: 'post',
    entityId: postId,
    body,
    ...(parentCommentId ? { parentCommentId } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string } }>().data;
}

const mention = (person: TestPerson, label: string) =>
  `<p>Hallo <span data-type="mention" data-id="${person.profileId}" data-label="${label}">@${label}</span></p>`;

const like = async (person: TestPerson, postId: string) =>
  expect((await call('POST', `/api/posts/${postId}/like`, person.token)).statusCode).toBe(200);

describe(`notification routes (${testDriver})`, () => {
  it('answers 401 signed out, 404 to a member of another project and for another person’s item', async () => {
    const w = await world();
    const outsider = await createOutsider(server);
    await comment(w.ben, w.post.id, '<p>Schön</p>');
    const [item] = (await listOf(w, w.anna)).data;
    for (const [method, url] of [
      ['GET', base(w)],
      ['GET', `${base(w)}/counters`],
      ['PATCH', `${base(w)}/read`],
      ['PATCH', `/api/notifications/${item!.id}/read`],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
      expect((await call(method, url, outsider.token)).statusCode, url).toBe(404);
    }
    expect((await call('PATCH', `/api/notifications/${item!.id}/read`, w.ben.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/notifications/${newId()}/read`, w.anna.token)).statusCode).toBe(404);
    expect(await badge(w, w.anna)).toBe(1);
  });

  it('refuses bad input', async () => {
    const w = await world();
    expect((await call('GET', `${base(w)}?page=0`, w.anna.token)).statusCode).toBe(400);
    expect((await call('GET', `${base(w)}?unread=ja`, w.anna.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/apps/app-1/notifications', w.anna.token)).statusCode).toBe(400);
    expect((await call('PATCH', '/api/notifications/nope/read', w.anna.token)).statusCode).toBe(400);
  });

  it('lists newest first, marks one and all read, and keeps the badge equal to the unread items', async () => {
    const w = await world();
    const other = await w.addPost({ spaceId: w.open.id }, w.anna, { name: 'Zweiter' });
    await comment(w.ben, w.post.id, '<p>Erster</p>');
    await like(w.clara, other.id);
    const list = await listOf(w, w.anna);
    expect(list.meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect(list.data.map((item) => item.type)).toEqual(['post_like', 'new_comment']);
    expect(list.data[0]).toMatchObject({
      isRead: false,
      count: 1,
      actorsCount: 1,
      actors: [{ profileId: w.clara.profileId, name: 'Clara Conrad', avatarUrl: null }],
      post: { id: other.id, name: 'Zweiter', container: 'groups', slug: other.slug, spaceSlug: w.open.slug },
    });
    expect(await badge(w, w.anna)).toBe(2);

    const read = await call('PATCH', `/api/notifications/${list.data[0]!.id}/read`, w.anna.token);
    expect(read.statusCode).toBe(204);
    // Again: nothing changes.
    expect(
      (await call('PATCH', `/api/notifications/${list.data[0]!.id}/read`, w.anna.token)).statusCode,
    ).toBe(204);
    expect(await badge(w, w.anna)).toBe(1);
    expect((await listOf(w, w.anna, '?unread=true')).data.map((item) => item.type)).toEqual(['new_comment']);

    expect((await call('PATCH', `${base(w)}/read`, w.anna.token)).statusCode).toBe(204);
    expect(await badge(w, w.anna)).toBe(0);
    expect((await listOf(w, w.anna)).data.every((item) => item.isRead)).toBe(true);
  });
});

describe(`who is told (${testDriver})`, () => {
  it('collapses comments on one post into one item with the latest actors, until it is read', async () => {
    const w = await world();
    await comment(w.ben, w.post.id, '<p>Eins</p>');
    await comment(w.clara, w.post.id, '<p>Zwei</p>');
    const last = await comment(w.ben, w.post.id, '<p>Drei</p>');
    // The author's own comment tells nobody.
    await comment(w.anna, w.post.id, '<p>Danke</p>');
    const [item, ...rest] = (await listOf(w, w.anna)).data;
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      type: 'new_comment',
      count: 3,
      actorsCount: 2,
      commentId: last.id,
      actors: [{ profileId: w.ben.profileId }, { profileId: w.clara.profileId }],
    });
    expect(await badge(w, w.anna)).toBe(1);

    // Read, the next comment starts a new item.
    await call('PATCH', `/api/notifications/${item!.id}/read`, w.anna.token);
    await comment(w.clara, w.post.id, '<p>Vier</p>');
    const list = await listOf(w, w.anna);
    expect(list.data.map((entry) => [entry.count, entry.isRead])).toEqual([
      [1, false],
      [3, true],
    ]);
  });

  it('starts a new item when the open one is older than the collapse window', async () => {
    const w = await world();
    await like(w.ben, w.post.id);
    await db()
      .update(notifications)
      .set({ updatedAt: sql`now() - interval '25 hours'` })
      .where(eq(notifications.profileId, w.anna.profileId!));
    await like(w.clara, w.post.id);
    const list = await listOf(w, w.anna);
    expect(list.data.map((item) => [item.type, item.count, item.isRead])).toEqual([
      ['post_like', 1, false],
      ['post_like', 1, false],
    ]);
    expect(await badge(w, w.anna)).toBe(2);
  });

  it('tells the replied-to author, the mentioned, the followers, each once by the strongest reason', async () => {
    const w = await world();
    const dora = await w.join('member', { firstName: 'Dora', lastName: 'Dietz' });
    await db().insert(communityPostFollows).values({ postId: w.post.id, profileId: dora.profileId! });
    const first = await comment(w.ben, w.post.id, '<p>Frage</p>');
    // Clara replies to Ben and mentions Anna (the post's author): Anna hears of the mention only.
    await comment(w.clara, w.post.id, mention(w.anna, 'Anna'), first.id);
    const types = async (person: TestPerson) => (await listOf(w, person)).data.map((item) => item.type);
    expect(await types(w.anna)).toEqual(['mention', 'new_comment']);
    expect(await types(w.ben)).toEqual(['comment_reply']);
    expect(await types(dora)).toEqual(['new_comment']);
    expect(await types(w.clara)).toEqual([]);
  });

  it('tells nobody of a post they may not read (a mention in a secret space)', async () => {
    const w = await world();
    const secret = await w.space('secret');
    await w.addToSpace(secret.id, w.ben);
    const hidden = await w.addPost({ spaceId: secret.id }, w.ben, { name: 'Geheim' });
    await comment(w.ben, hidden.id, mention(w.clara, 'Clara'));
    expect((await listOf(w, w.clara)).data).toEqual([]);
    expect(await badge(w, w.clara)).toBe(0);
  });

  it('shows no post or title once the person may no longer read it', async () => {
    const w = await world();
    const closed = await w.space('private');
    await w.addToSpace(closed.id, w.anna);
    await w.addToSpace(closed.id, w.ben);
    const inside = await w.addPost({ spaceId: closed.id }, w.anna, { name: 'Intern' });
    await comment(w.ben, inside.id, '<p>Gesehen</p>');
    await db()
      .delete(communitySpaceMembers)
      .where(
        and(
          eq(communitySpaceMembers.spaceId, closed.id),
          eq(communitySpaceMembers.profileId, w.anna.profileId!),
        ),
      );
    const [item] = (await listOf(w, w.anna)).data;
    expect(item).toMatchObject({ type: 'new_comment', post: null, commentId: null });
    expect(JSON.stringify(item)).not.toContain('Intern');
  });

  it('fans a published post out to the space’s members by their choice, once', async () => {
    const w = await world();
    const dora = await w.join('member', { firstName: 'Dora', lastName: 'Dietz' });
    for (const [person, notify] of [
      [w.ben, 'all_new'],
      [w.clara, 'never'],
      [dora, 'all_pinned'],
      [w.anna, 'all_new'],
    ] as const) {
      await db().insert(communitySpaceMembers).values({
        spaceId: w.open.id,
        profileId: person.profileId!,
        appId: w.app.id,
        notify,
      });
    }
    const fresh = await w.addPost({ spaceId: w.open.id }, w.anna, { name: 'Neu' });
    for (let run = 0; run < 2; run += 1) {
      await db().transaction((tx) => notifyPublishedPost(tx, fresh.id));
    }
    const told = await db()
      .select({ profileId: notifications.profileId, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.postId, fresh.id));
    expect(told).toEqual([{ profileId: w.ben.profileId, type: 'new_post' }]);
  });

  it('fans out through the API’s publication: the worker’s job tells the members', async () => {
    const w = await world();
    await db()
      .insert(communitySpaceMembers)
      .values({ spaceId: w.open.id, profileId: w.ben.profileId!, appId: w.app.id });
    const response = await call('POST', `/api/spaces/${w.open.id}/posts`, w.anna.token, {
      name: 'Frisch veröffentlicht',
      body: '<p>Inhalt</p>',
    });
    expect(response.statusCode, response.body).toBe(201);
    const postId = response.json<{ data: { id: string } }>().data.id;
    // The job is queued after the publication's commit, without holding up the answer: wait for it.
    const queued = async () => {
      const found: unknown = await db().execute(
        sql`select data from pgboss.job where name = 'notifications.new-post' and data->>'postId' = ${postId}`,
      );
      return (found as { rows: unknown[] }).rows;
    };
    await expect.poll(queued, { timeout: 5_000 }).toHaveLength(1);
  });
});

describe(`notification mails (${testDriver})`, () => {
  const mails = () =>
    createNotificationMails({
      db: db(),
      mailer: server.runtime.mailer,
      links: createUnsubscribeLinks(db()),
      appBaseUrl: 'https://apps.example.com',
      logger: pino({ level: 'silent' }),
    });
  const afterHold = () => new Date(Date.now() + 11 * 60_000);
  const emailOf = async (person: TestPerson) => {
    const [row] = await db()
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, person.accountId));
    return row!.email;
  };
  const mailsTo = async (person: TestPerson) =>
    db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, await emailOf(person)));

  it('waits for the hold, skips what was read, and mails the rest with a one-click unsubscribe', async () => {
    const w = await world();
    await comment(w.ben, w.post.id, '<p>Gelesen wird es gleich</p>');
    await like(w.clara, w.post.id);
    const sweeper = mails();
    // Inside the hold nothing goes.
    await sweeper.sweep(new Date());
    expect(await mailsTo(w.anna)).toEqual([]);
    const commented = (await listOf(w, w.anna)).data.find((item) => item.type === 'new_comment')!;
    await call('PATCH', `/api/notifications/${commented.id}/read`, w.anna.token);
    await sweeper.sweep(afterHold());
    const sent = await mailsTo(w.anna);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Clara Conrad gefällt Ihr Beitrag „Willkommen“');
    expect(sent[0]!.text).toContain(
      `https://apps.example.com/${w.app.slug}/groups/g/${w.open.slug}/p/${w.post.slug}`,
    );
    expect(sent[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const states = await db()
      .select({ type: notifications.type, state: notifications.emailState })
      .from(notifications)
      .where(eq(notifications.profileId, w.anna.profileId!));
    expect(states.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'new_comment', state: 'skipped' },
      { type: 'post_like', state: 'sent' },
    ]);
    // A second sweep sends nothing again.
    await sweeper.sweep(afterHold());
    expect(await mailsTo(w.anna)).toHaveLength(1);

    // The header's address switches the mails off without signing in (RFC 8058 form body).
    const target = /<https:\/\/apps\.example\.com(\/api\/unsubscribe\/[^>]+)>/.exec(
      sent[0]!.headers['List-Unsubscribe']!,
    )![1]!;
    const info = await call('GET', target);
    expect(info.json()).toMatchObject({ appName: 'Grüne Wiese', scope: 'email', isUnsubscribed: false });
    expect(info.json<{ email: string }>().email).not.toBe(await emailOf(w.anna));
    const oneClick = await server.app.inject({
      method: 'POST',
      url: target,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(204);
    expect((await call('GET', target)).json()).toMatchObject({ isUnsubscribed: true });
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, w.anna.profileId!));
    expect(profile!.isEmailEnabled).toBe(false);
    // Unsubscribed: the next item is skipped.
    await like(w.ben, w.post.id);
    await call('PATCH', `${base(w)}/read`, w.anna.token);
    await comment(w.ben, w.post.id, '<p>Noch einer</p>');
    await sweeper.sweep(afterHold());
    expect(await mailsTo(w.anna)).toHaveLength(1);
  });

  it('refuses a forged or altered unsubscribe link', async () => {
    const w = await world();
    const links = createUnsubscribeLinks(db());
    const hash = await links.hashOf(w.anna.profileId!, 'email');
    const forged = `${hash.slice(0, -1)}${hash.endsWith('A') ? 'B' : 'A'}`;
    expect((await call('GET', `/api/unsubscribe/${forged}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/unsubscribe/${forged}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/unsubscribe/kurz')).statusCode).toBe(404);
    // Another profile's id under the same MAC is not accepted either.
    const other = await links.hashOf(w.ben.profileId!, 'email');
    expect((await call('GET', `/api/unsubscribe/${other.slice(0, 23)}${hash.slice(23)}`)).statusCode).toBe(
      404,
    );
  });

  it('skips an action the person switched off and stops at 100 mails a day', async () => {
    const w = await world();
    await db()
      .update(profiles)
      .set({ emailActions: ['new_comment'] })
      .where(eq(profiles.id, w.anna.profileId!));
    await like(w.ben, w.post.id);
    await mails().sweep(afterHold());
    expect(await mailsTo(w.anna)).toEqual([]);

    const email = await emailOf(w.anna);
    await db()
      .insert(mailOutbox)
      .values(
        Array.from({ length: 100 }, () => ({
          id: newId(),
          template: 'notification',
          language: 'de' as const,
          toAddress: email,
          fromAddress: 'x@example.com',
          subject: 's',
          text: 't',
          html: 'h',
        })),
      );
    await comment(w.ben, w.post.id, '<p>Zu viel</p>');
    await mails().sweep(afterHold());
    expect(await mailsTo(w.anna)).toHaveLength(100);
  });

  it('sends a digest of unread items no mail told of, once per period', async () => {
    const w = await world();
    await db().update(profiles).set({ emailDigest: 'daily' }).where(eq(profiles.id, w.anna.profileId!));
    await comment(w.ben, w.post.id, '<p>Eins</p>');
    await like(w.clara, w.post.id);
    const sweeper = mails();
    expect(await sweeper.digests()).toBe(1);
    const [digest] = (await mailsTo(w.anna)).filter((mail) => mail.template === 'notification-digest');
    expect(digest!.subject).toBe('2 Neuigkeiten in Grüne Wiese');
    expect(digest!.text).toContain('Ben Berger hat „Willkommen“ kommentiert');
    expect(digest!.text).toContain('Clara Conrad gefällt Ihr Beitrag „Willkommen“');
    expect(digest!.headers['List-Unsubscribe']).toMatch(/^<https:\/\/apps\.example\.com\/api\/unsubscribe\//);
    // Not again within the day.
    expect(await sweeper.digests()).toBe(0);
  });
});

describe(`notification list item shape (${testDriver})`, () => {
  it('words a rejection with its reason and no post when the post is held', async () => {
    const w = await world();
    await db()
      .insert(notifications)
      .values({
        id: newId(),
        appId: w.app.id,
        profileId: w.anna.profileId!,
        type: 'post_rejected',
        postId: w.post.id,
        data: { title: 'Willkommen', reason: 'Werbung' },
      });
    await db().execute(
      sql`update community_posts set published_at = null, held_at = now() where id = ${w.post.id}`,
    );
    const [item] = (await listOf(w, w.anna)).data;
    expect(item).toMatchObject({ type: 'post_rejected', post: null, data: { reason: 'Werbung' } });
  });
});
