import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '../../../contracts/chat.ts';
import type { Notification, NotificationList } from '../../../contracts/notifications.ts';
import type { PushPayload } from '../../../contracts/push.ts';
import { accounts, chatBlocks, mailOutbox, profiles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TestPerson } from '../../test/community-world.ts';
import { startPushService, type TestPushService } from '../../test/push-service.ts';
import { testDriver } from '../../test/test-server.ts';
import { createChatWorld, useChatTestServer, type ChatWorld } from '../../test/chat-world.ts';
import { createNotificationMails } from '../notifications/mail.job.ts';
import { notificationSentence, type NotificationFacts } from '../notifications/notification-texts.ts';
import { createNotifier } from '../notifications/public.ts';
import { pushJob } from '../notifications/push.job.ts';
import { upsertSubscription } from '../notifications/push.repo.ts';
import { createPushSender, loadVapidKeys, vapidSource } from '../notifications/push.ts';
import { createUnsubscribeLinks } from '../notifications/unsubscribe.ts';
import { tellMessageSent, type MessageSent } from './message-sent.ts';
import { offlineNotifyJob, offlineNotifyQueue, scheduleOfflineNotify } from './offline-notify.job.ts';

/*
 * Offline notifications of chat messages (issue 17): the job a sent message schedules (one per chat for a
 * burst), who it tells (members who have not read, not the writer, not a blocker, not who left, nobody of a
 * deleted chat), that nobody is told twice of the same messages, that reading the chat reads its item, and the
 * push messages and mails that follow per the person's settings. The job's handler runs directly: no test
 * waits for the minute. One server per file, one app per test.
 */

let pushService: TestPushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
});
const chat = useChatTestServer();
const server = () => chat.server();
const { ok, send } = chat;
const db = () => server().runtime.database.db;
const silent = pino({ level: 'silent' });
const world = () => createChatWorld(server());
type World = ChatWorld;

const createChat = async (w: World, by: TestPerson, body: object) =>
  (await ok<{ data: Chat }>('POST', `/api/apps/${w.app.id}/chats`, by, body, 201)).data;

const groupChat = (w: World, by: TestPerson, members: TestPerson[], extra: object = {}) =>
  createChat(w, by, {
    kind: 'group',
    name: 'Wandergruppe',
    profileIds: members.map((member) => member.profileId),
    ...extra,
  });

const read = (chatId: string, person: TestPerson) =>
  ok('PATCH', '/api/chats/read', person, { chatIds: [chatId] }, 204);

/** The job as the worker runs it, with the real notifier (badges out, push jobs queued). */
const runJob = (chatId: string) =>
  offlineNotifyJob({
    db: db(),
    notifier: createNotifier({
      realtime: server().runtime.realtime,
      jobs: server().runtime.jobs,
      logger: silent,
    }),
  }).handler({ chatId }, { id: newId(), retryCount: 0 });

const chatItems = async (w: World, person: TestPerson): Promise<Notification[]> =>
  (await ok<NotificationList>('GET', `/api/apps/${w.app.id}/notifications`, person)).data.filter(
    (item) => item.type === 'chat_message',
  );

const badge = async (w: World, person: TestPerson) =>
  (await ok<{ notifications: number }>('GET', `/api/apps/${w.app.id}/notifications/counters`, person))
    .notifications;

describe(`scheduling (${testDriver})`, () => {
  it('queues one job per chat a minute ahead for a burst of messages', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben]);
    const before = Date.now();
    for (const text of ['Eins', 'Zwei', 'Drei']) {
      await send(group.id, w.anna, `<p>${text}</p>`);
    }
    // The job is sent after the answer: wait for it, then make sure the burst left one.
    const queued = async () => {
      const found: unknown = await db().execute(
        sql`select data, start_after from pgboss.job
          where name = ${offlineNotifyQueue} and singleton_key = ${group.id} and state = 'created'`,
      );
      return (found as { rows: { data: { chatId: string }; start_after: string | Date }[] }).rows;
    };
    await expect.poll(queued, { timeout: 5_000 }).toHaveLength(1);
    await scheduleOfflineNotify({ jobs: server().runtime.jobs })({
      appId: w.app.id,
      chatId: group.id,
      chatKind: 'group',
      messageId: newId(),
      authorProfileId: w.anna.profileId!,
    });
    const [job] = await queued();
    expect(await queued()).toHaveLength(1);
    expect(job!.data).toEqual({ chatId: group.id });
    const startsIn = new Date(job!.start_after).getTime() - before;
    expect(startsIn).toBeGreaterThan(50_000);
    expect(startsIn).toBeLessThan(70_000);
  });

  it('queues a busy chat’s job once per window on each instance, not once per message', async () => {
    const sent: string[] = [];
    const jobs = {
      send: async (_queue: string, data: { chatId: string }) => {
        sent.push(data.chatId);
        return null;
      },
    } as unknown as Parameters<typeof scheduleOfflineNotify>[0]['jobs'];
    const schedule = scheduleOfflineNotify({ jobs, delayMs: 60_000 });
    const event = (chatId: string) => ({
      appId: newId(),
      chatId,
      chatKind: 'group',
      messageId: newId(),
      authorProfileId: newId(),
    });
    const [busy, quiet] = [newId(), newId()];
    for (let index = 0; index < 5; index += 1) {
      await schedule(event(busy));
    }
    await schedule(event(quiet));
    expect(sent).toEqual([busy, quiet]);
  });

  it('tells every hook of a sent message, a failing one stopping neither the others nor the send', async () => {
    const told: MessageSent[] = [];
    const errors: unknown[] = [];
    const tell = tellMessageSent(
      [
        () => {
          throw new Error('kaputt');
        },
        async (event) => {
          told.push(event);
        },
      ],
      { error: (details: unknown) => errors.push(details) },
    );
    const event = {
      appId: newId(),
      chatId: newId(),
      chatKind: 'group',
      messageId: newId(),
      authorProfileId: newId(),
    };
    tell(event);
    await expect.poll(() => told).toEqual([event]);
    await expect.poll(() => errors).toHaveLength(1);
  });
});

describe(`who is told (${testDriver})`, () => {
  it('tells the members who have not read, once per message, collapsed per chat with a growing count', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben, w.clara]);
    await send(group.id, w.anna, '<p>Wer kommt mit?</p>');
    await send(group.id, w.anna, '<p>Wir treffen uns um <strong>neun</strong> Uhr.</p>');
    await read(group.id, w.clara);
    await runJob(group.id);

    const [item] = await chatItems(w, w.ben);
    expect(item).toMatchObject({
      type: 'chat_message',
      isRead: false,
      count: 2,
      actorsCount: 1,
      actors: [{ profileId: w.anna.profileId, name: 'Anna Adler' }],
      post: null,
      data: {
        chatId: group.id,
        chatKind: 'group',
        chatName: 'Wandergruppe',
        excerpt: 'Wir treffen uns um neun Uhr.',
        lastSeq: '2',
      },
    });
    // Not the writer, not who read it.
    expect(await chatItems(w, w.anna)).toEqual([]);
    expect(await chatItems(w, w.clara)).toEqual([]);

    // Again (a retry, a second job): nothing new to tell.
    await runJob(group.id);
    expect(await chatItems(w, w.ben)).toMatchObject([{ id: item!.id, count: 2 }]);
    expect(await badge(w, w.ben)).toBe(1);

    // A third message: Ben's item counts it, Clara (who read the first two) hears of this one only.
    await send(group.id, w.anna, '<p>Bringt Wasser mit</p>');
    await runJob(group.id);
    expect(await chatItems(w, w.ben)).toMatchObject([
      { id: item!.id, count: 3, data: { excerpt: 'Bringt Wasser mit', lastSeq: '3' } },
    ]);
    expect(await badge(w, w.ben)).toBe(1);
    expect(await chatItems(w, w.clara)).toMatchObject([{ count: 1 }]);

    // Ben reads the chat: his item is read with it, and the next message starts a new one counting only itself.
    await read(group.id, w.ben);
    expect(await badge(w, w.ben)).toBe(0);
    expect(await chatItems(w, w.ben)).toMatchObject([{ id: item!.id, isRead: true }]);
    await send(group.id, w.clara, '<p>Ich bin dabei</p>');
    await runJob(group.id);
    const [latest, first] = await chatItems(w, w.ben);
    expect(latest).toMatchObject({
      isRead: false,
      count: 1,
      actors: [{ profileId: w.clara.profileId }],
      data: { excerpt: 'Ich bin dabei', lastSeq: '4' },
    });
    expect(first!.id).toBe(item!.id);
    // Clara wrote: her own message read the chat for her; Anna hears of Clara's.
    expect(await chatItems(w, w.clara)).toMatchObject([{ count: 1 }]);
    expect(await chatItems(w, w.anna)).toMatchObject([
      { count: 1, actors: [{ profileId: w.clara.profileId }] },
    ]);
  });

  it('tells everyone but the writer in a channel, and nobody of a chat they left or a deleted chat', async () => {
    const w = await world();
    const channel = await groupChat(w, w.anna, [w.ben, w.clara], { isMemberAllowToChat: false });
    await send(channel.id, w.anna, '<p>Neuigkeiten</p>');
    await ok('POST', `/api/chats/${channel.id}/leave`, w.clara, undefined, 204);
    await runJob(channel.id);
    expect(await chatItems(w, w.ben)).toMatchObject([{ count: 1, data: { chatId: channel.id } }]);
    expect(await chatItems(w, w.clara)).toEqual([]);
    expect(await chatItems(w, w.anna)).toEqual([]);

    const gone = await groupChat(w, w.anna, [w.clara]);
    await send(gone.id, w.anna);
    await ok('DELETE', `/api/chats/${gone.id}`, w.anna, undefined, 204);
    await runJob(gone.id);
    expect(await chatItems(w, w.clara)).toEqual([]);
  });

  it('does not tell someone of a partner they blocked in a private chat', async () => {
    const w = await world();
    const chat = await createChat(w, w.anna, { kind: 'private', profileId: w.ben.profileId });
    await send(chat.id, w.anna, '<p>Hallo Ben</p>');
    await send(chat.id, w.ben, '<p>Hallo Anna</p>');
    await send(chat.id, w.anna, '<p>Wie geht es dir?</p>');
    // The block stands while Anna's message is unread (the block route itself reads the chat).
    await db()
      .insert(chatBlocks)
      .values({ appId: w.app.id, blockerProfileId: w.ben.profileId!, blockedProfileId: w.anna.profileId! });
    await runJob(chat.id);
    expect(await chatItems(w, w.ben)).toEqual([]);

    await db().delete(chatBlocks).where(eq(chatBlocks.blockerProfileId, w.ben.profileId!));
    await runJob(chat.id);
    expect(await chatItems(w, w.ben)).toMatchObject([
      { count: 1, data: { chatKind: 'private', chatName: '', excerpt: 'Wie geht es dir?' } },
    ]);
  });
});

describe(`push and mail (${testDriver})`, () => {
  const mails = () =>
    createNotificationMails({
      db: db(),
      mailer: server().runtime.mailer,
      links: createUnsubscribeLinks(db()),
      appBaseUrl: 'https://apps.example.com',
      logger: silent,
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
  const settings = (person: TestPerson, values: Partial<typeof profiles.$inferInsert>) =>
    db().update(profiles).set(values).where(eq(profiles.id, person.profileId!));

  async function subscribe(w: World, person: TestPerson) {
    const browser = pushService.subscribe((await loadVapidKeys(db())).publicKey);
    await upsertSubscription(db(), {
      id: newId(),
      appId: w.app.id,
      profileId: person.profileId!,
      endpoint: browser.endpoint,
      p256dh: browser.keys.p256dh,
      auth: browser.keys.auth,
      userAgent: '',
    });
    return browser;
  }

  /** The push jobs the notifier queued for these items (and no test ran yet), run as the worker runs them. */
  const ranPushJobs = new Set<string>();
  async function runPushJobs(itemIds: readonly string[]) {
    const found: unknown = await db().execute(
      sql`select id, data from pgboss.job where name = 'notifications.push' and state = 'created'`,
    );
    const jobs = (found as { rows: { id: string; data: { ids: string[] } }[] }).rows.filter(
      (job) => !ranPushJobs.has(job.id) && job.data.ids.some((id) => itemIds.includes(id)),
    );
    jobs.forEach((job) => ranPushJobs.add(job.id));
    const push = createPushSender({
      db: db(),
      logger: silent,
      vapid: vapidSource(db(), 'mailto:no-reply@localhost'),
    });
    const handler = pushJob({ db: db(), realtime: server().runtime.realtime, push }).handler;
    for (const job of jobs) {
      await handler(job.data, { id: newId(), retryCount: 0 });
    }
    return jobs.length;
  }

  it('sends push and mail of a new item per the person’s switches, and no mail once the chat was read', async () => {
    const w = await world();
    const dora = await w.join('member', { firstName: 'Dora', lastName: 'Dorn' });
    const group = await groupChat(w, w.anna, [w.ben, w.clara, dora]);
    const bens = await subscribe(w, w.ben);
    const claras = await subscribe(w, w.clara);
    // Ben takes push but no mail; Clara mail but no push; Dora both, but reads the chat before the mail.
    await settings(w.ben, { isEmailEnabled: false });
    await settings(w.clara, { isPushEnabled: false });
    await send(group.id, w.anna, '<p>Morgen regnet es</p>');
    await send(group.id, w.anna, '<p>Wir gehen trotzdem!</p>');
    await runJob(group.id);

    const items = await Promise.all([w.ben, w.clara, dora].map((person) => chatItems(w, person)));
    expect(await runPushJobs(items.flat().map((item) => item.id))).toBe(1);
    const link = `/${w.app.slug}/chat/${group.id}`;
    expect(pushService.deliveries(bens.endpoint).map((delivery) => delivery.payload)).toEqual([
      {
        title: 'Plauderecke',
        body: '2 neue Nachrichten in „Wandergruppe“, zuletzt von Anna Adler\n„Wir gehen trotzdem!“',
        url: link,
        tag: items[0]![0]!.id,
      } satisfies PushPayload,
    ]);
    expect(pushService.deliveries(claras.endpoint)).toEqual([]);

    await read(group.id, dora);
    await mails().sweep(afterHold());
    expect(await mailsTo(w.ben)).toEqual([]);
    expect(await mailsTo(dora)).toEqual([]);
    const [mail] = await mailsTo(w.clara);
    expect(mail!.subject).toBe('2 neue Nachrichten in „Wandergruppe“, zuletzt von Anna Adler');
    expect(mail!.text).toContain('„Wir gehen trotzdem!“');
    expect(mail!.text).toContain(`https://apps.example.com${link}`);

    // A collapsed item is not pushed or mailed again: one more message only counts on it.
    await send(group.id, w.anna, '<p>Bis morgen</p>');
    await runJob(group.id);
    expect(await chatItems(w, w.ben)).toMatchObject([{ count: 3 }]);
    expect(await runPushJobs((await chatItems(w, w.ben)).map((item) => item.id))).toBe(0);
    expect(pushService.deliveries(bens.endpoint)).toHaveLength(1);
  });

  it('leaves out push and mail for whoever switched chat messages off, keeping the item at the bell', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben, w.clara]);
    const bens = await subscribe(w, w.ben);
    const claras = await subscribe(w, w.clara);
    // Both take push and mail in general; Ben wants neither for chat messages, Clara no mail for them.
    const others = ['new_post', 'post_like', 'new_comment', 'mentions', 'event_starts'];
    await settings(w.ben, { emailActions: others, pushActions: others });
    await settings(w.clara, { emailActions: others });
    await send(group.id, w.anna, '<p>Treffpunkt am Bahnhof</p>');
    await runJob(group.id);

    const items = await Promise.all([w.ben, w.clara].map((person) => chatItems(w, person)));
    expect(items.map((list) => list.length)).toEqual([1, 1]);
    await runPushJobs(items.flat().map((item) => item.id));
    expect(pushService.deliveries(bens.endpoint)).toEqual([]);
    expect(pushService.deliveries(claras.endpoint)).toHaveLength(1);
    await mails().sweep(afterHold());
    expect(await mailsTo(w.ben)).toEqual([]);
    expect(await mailsTo(w.clara)).toEqual([]);
  });
});

describe('the sentences of chat notifications', () => {
  const facts = (overrides: Partial<NotificationFacts>): NotificationFacts => ({
    type: 'chat_message',
    count: 1,
    actorsCount: 1,
    actorName: 'Anna Adler',
    postName: '',
    reason: '',
    chatKind: 'group',
    chatName: 'Wandergruppe',
    excerpt: 'Hallo',
    ...overrides,
  });

  it('name the latest writer and count the messages, in German and English', () => {
    const both = (overrides: Partial<NotificationFacts>) => [
      notificationSentence(facts(overrides), 'de'),
      notificationSentence(facts(overrides), 'en'),
    ];
    expect(both({})).toEqual([
      'Anna Adler hat in „Wandergruppe“ geschrieben',
      'Anna Adler wrote in “Wandergruppe”',
    ]);
    expect(both({ count: 4 })).toEqual([
      '4 neue Nachrichten in „Wandergruppe“, zuletzt von Anna Adler',
      '4 new messages in “Wandergruppe”, the latest from Anna Adler',
    ]);
    expect(both({ chatKind: 'private', chatName: '' })).toEqual([
      'Anna Adler hat Ihnen eine Nachricht geschrieben',
      'Anna Adler sent you a message',
    ]);
    expect(both({ chatKind: 'private', chatName: '', count: 2, actorName: null })).toEqual([
      'Jemand hat Ihnen 2 Nachrichten geschrieben',
      'Someone sent you 2 messages',
    ]);
    expect(both({ chatName: '' })).toEqual([
      'Anna Adler hat in einem Chat geschrieben',
      'Anna Adler wrote in a chat',
    ]);
  });
});
