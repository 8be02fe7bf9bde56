import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../../contracts/push.ts';
import { platformSecrets, pushSubscriptions } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { apiCaller, signedInTestAccount } from '../../test/identity.ts';
import { startPushService, type BrowserSubscription, type TestPushService } from '../../test/push-service.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile } from '../../test/workspace.ts';
import { createPushSender, loadVapidKeys, vapidSource, vapidSubject, type VapidKeys } from './push.ts';
import { upsertSubscription } from './push.repo.ts';

let server: TestServer;
let pushService: TestPushService;
const call = apiCaller(() => server);
const subject = 'mailto:no-reply@localhost';

beforeAll(async () => {
  pushService = await startPushService();
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

const db = () => server.runtime.database.db;
const silent = pino({ level: 'silent' });
const payload: PushPayload = {
  title: 'Neuer Kommentar',
  body: 'Ben: Schöner Beitrag!',
  url: '/akademie/post/willkommen',
  tag: 'post-0190f5a2',
};

/** A member with a fresh app; `subscribe` stores a browser's subscription straight in the database. */
async function member() {
  const account = await signedInTestAccount(server);
  const { app, profile } = await createAppWithProfile(server, account);
  return { ...account, app, profile };
}
async function storeSubscription(profile: { id: string; appId: string }, subscription: BrowserSubscription) {
  await upsertSubscription(db(), {
    id: newId(),
    appId: profile.appId,
    profileId: profile.id,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: '',
  });
}
const rowOf = async (endpoint: string) =>
  (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

describe(`VAPID keys (${testDriver})`, () => {
  it('are made once per deployment: concurrent first uses agree, and later ones read the same pair', async () => {
    await db().delete(platformSecrets).where(eq(platformSecrets.name, 'vapid'));
    const [first, second] = await Promise.all([loadVapidKeys(db()), loadVapidKeys(db())]);
    expect(second).toEqual(first);
    expect(await loadVapidKeys(db())).toEqual(first);
    expect(await db().select().from(platformSecrets).where(eq(platformSecrets.name, 'vapid'))).toHaveLength(
      1,
    );
    const point = Buffer.from(first.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
  });

  it('name the sender of mails as contact, else the https address', () => {
    const config = (from: string, publicBaseUrl = 'http://localhost:3000') => ({
      mail: { smtpUrl: undefined, from },
      publicBaseUrl,
      serviceHost: 'localhost:3000',
    });
    expect(vapidSubject(config('Gemeinde <no-reply@localhost>'))).toBe('mailto:no-reply@localhost');
    expect(vapidSubject(config('kontakt@verein.de'))).toBe('mailto:kontakt@verein.de');
    expect(vapidSubject(config('Gemeinde', 'https://gemeinde.example'))).toBe('https://gemeinde.example');
    expect(vapidSubject(config('Gemeinde'))).toBe('mailto:no-reply@localhost');
  });
});

describe(`sending push messages (${testDriver})`, () => {
  let keys: VapidKeys;
  beforeAll(async () => {
    keys = await loadVapidKeys(db());
  });

  it('delivers the payload encrypted for each browser of the profile, signed with the one deployment key', async () => {
    const anna = await member();
    const ben = await member();
    const phone = pushService.subscribe(keys.publicKey);
    const laptop = pushService.subscribe(keys.publicKey);
    const bens = pushService.subscribe(keys.publicKey);
    await storeSubscription(anna.profile, phone);
    await storeSubscription(anna.profile, laptop);
    await storeSubscription(ben.profile, bens);

    // Two instances, each with its own sender and key source, on the same database.
    const senders = [1, 2].map(() =>
      createPushSender({ db: db(), logger: silent, vapid: vapidSource(db(), subject) }),
    );
    expect(await senders[0]!.sendToProfile(anna.profile.id, payload)).toEqual({ sent: 2, pruned: 0 });
    expect(await senders[1]!.sendToProfile(anna.profile.id, { ...payload, title: 'Zweite' })).toEqual({
      sent: 2,
      pruned: 0,
    });

    expect(pushService.refusals()).toEqual([]);
    expect(pushService.deliveries(bens.endpoint)).toEqual([]);
    const received = pushService.deliveries(phone.endpoint);
    expect(received.map((delivery) => delivery.payload)).toEqual([payload, { ...payload, title: 'Zweite' }]);
    expect(pushService.deliveries(laptop.endpoint)).toHaveLength(2);
    for (const delivery of received) {
      expect(delivery).toMatchObject({
        ttl: 24 * 60 * 60,
        urgency: 'normal',
        vapid: { publicKey: keys.publicKey, subject, audience: pushService.origin },
      });
      expect(delivery.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    expect((await rowOf(phone.endpoint))!.lastSuccessAt).toBeInstanceOf(Date);
    expect((await rowOf(bens.endpoint))!.lastSuccessAt).toBeNull();
  });

  it('cuts long texts so the message fits one record, and sends nothing to a profile without browsers', async () => {
    const anna = await member();
    const phone = pushService.subscribe(keys.publicKey);
    await storeSubscription(anna.profile, phone);
    const sender = createPushSender({ db: db(), logger: silent, vapid: vapidSource(db(), subject) });
    const long = { ...payload, title: 'Ä'.repeat(300), body: 'ö'.repeat(5000) };
    expect(await sender.sendToProfile(anna.profile.id, long)).toEqual({ sent: 1, pruned: 0 });
    const [delivery] = pushService.deliveries(phone.endpoint);
    expect(delivery!.payload).toEqual({
      ...payload,
      title: `${'Ä'.repeat(119)}…`,
      body: `${'ö'.repeat(399)}…`,
    });

    const nobody = await member();
    expect(await sender.sendToProfile(nobody.profile.id, payload)).toEqual({ sent: 0, pruned: 0 });
  });

  it('deletes subscriptions answered 404 or 410, keeps those that failed otherwise, and logs without endpoints', async () => {
    const anna = await member();
    const [gone, unknown, broken, fine] = [1, 2, 3, 4].map(() => pushService.subscribe(keys.publicKey));
    pushService.answer(gone!.endpoint, 410);
    pushService.answer(unknown!.endpoint, 404);
    pushService.answer(broken!.endpoint, 500);
    // Nothing listens there: the connection is refused.
    const unreachable = { ...fine!, endpoint: 'http://127.0.0.1:9/push/unreachable' };
    for (const subscription of [gone, unknown, broken, fine, unreachable]) {
      await storeSubscription(anna.profile, subscription!);
    }
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const sender = createPushSender({ db: db(), logger, vapid: vapidSource(db(), subject) });

    expect(await sender.sendToProfile(anna.profile.id, payload)).toEqual({ sent: 1, pruned: 2 });
    expect(await rowOf(gone!.endpoint)).toBeUndefined();
    expect(await rowOf(unknown!.endpoint)).toBeUndefined();
    expect(await rowOf(broken!.endpoint)).toMatchObject({ lastSuccessAt: null });
    expect(await rowOf(unreachable.endpoint)).toMatchObject({ lastSuccessAt: null });
    expect((await rowOf(fine!.endpoint))!.lastSuccessAt).toBeInstanceOf(Date);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pushService: pushService.origin, status: 500 }),
        expect.objectContaining({ pushService: 'http://127.0.0.1:9' }),
      ]),
    );
    expect(lines.join('\n')).not.toContain('/push/');
  });
});

describe(`push subscription routes (${testDriver})`, () => {
  const urlOf = (app: { id: string }) => `/api/apps/${app.id}/profile/notifications/push`;
  const publicKey = async () => (await loadVapidKeys(db())).publicKey;
  const countOf = async (person: { token: string; app: { id: string } }) =>
    (await call('GET', urlOf(person.app), person.token)).json().subscriptions as number;

  it('answer 401 without a session and 404 to someone without a profile in the app', async () => {
    const anna = await member();
    const browser = pushService.subscribe(await publicKey());
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(method, urlOf(anna.app), undefined, browser)).statusCode).toBe(401);
    }
    const stranger = await member();
    expect((await call('GET', urlOf(anna.app), stranger.token)).statusCode).toBe(404);
    expect((await call('POST', urlOf(anna.app), stranger.token, browser)).statusCode).toBe(404);
    expect(
      (await call('DELETE', urlOf(anna.app), stranger.token, { endpoint: browser.endpoint })).statusCode,
    ).toBe(404);
    expect(await rowOf(browser.endpoint)).toBeUndefined();
  });

  it('refuse what is not a browser’s push subscription', async () => {
    const anna = await member();
    const browser = pushService.subscribe(await publicKey());
    const keys = browser.keys;
    const cases: [object, Record<string, string>][] = [
      [{ ...browser, endpoint: 'kein Link' }, { endpoint: 'validation.url' }],
      [{ ...browser, endpoint: 'http://push.example.com/send/1' }, { endpoint: 'validation.url' }],
      [{ ...browser, endpoint: 'https://user:secret@push.example.com/1' }, { endpoint: 'validation.url' }],
      [
        { ...browser, endpoint: `https://push.example.com/${'a'.repeat(2048)}` },
        { endpoint: 'validation.validateMaxLength' },
      ],
      [
        { ...browser, keys: { ...keys, p256dh: keys.p256dh.slice(1) } },
        { 'keys.p256dh': 'validation.invalidFormat' },
      ],
      // The right length and leading byte, but no point of P-256.
      [
        { ...browser, keys: { ...keys, p256dh: `B${'A'.repeat(86)}` } },
        { 'keys.p256dh': 'validation.invalidValue' },
      ],
      [{ ...browser, keys: { ...keys, auth: 'c2VjcmV0' } }, { 'keys.auth': 'validation.invalidFormat' }],
      [{ endpoint: browser.endpoint }, { keys: 'validation.required' }],
      [{ ...browser, platform: 'web' }, { platform: 'validation.unknownField' }],
    ];
    for (const [body, errors] of cases) {
      const response = await call('POST', urlOf(anna.app), anna.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    const unsubscribe = await call('DELETE', urlOf(anna.app), anna.token, {});
    expect(unsubscribe.json().errors).toEqual({ endpoint: 'validation.required' });
    expect(await countOf(anna)).toBe(0);
  });

  it('store this browser’s subscription, which then receives what is sent to the profile', async () => {
    const anna = await member();
    const key = await publicKey();
    expect((await call('GET', urlOf(anna.app), anna.token)).json()).toEqual({
      publicKey: key,
      subscriptions: 0,
    });

    const browser = pushService.subscribe(key);
    const subscribed = await call('POST', urlOf(anna.app), anna.token, browser, {
      'user-agent': 'Firefox/140',
    });
    expect(subscribed.statusCode).toBe(204);
    // Subscribing again (a page load does) keeps one row.
    expect((await call('POST', urlOf(anna.app), anna.token, browser)).statusCode).toBe(204);
    expect(await countOf(anna)).toBe(1);
    expect(await rowOf(browser.endpoint)).toMatchObject({ profileId: anna.profile.id, appId: anna.app.id });

    const sender = createPushSender({ db: db(), logger: silent, vapid: vapidSource(db(), subject) });
    expect(await sender.sendToProfile(anna.profile.id, payload)).toEqual({ sent: 1, pruned: 0 });
    expect(pushService.deliveries(browser.endpoint).map((delivery) => delivery.payload)).toEqual([payload]);

    const off = await call('DELETE', urlOf(anna.app), anna.token, { endpoint: browser.endpoint });
    expect(off.statusCode).toBe(204);
    expect(await countOf(anna)).toBe(0);
  });

  it('move an endpoint to whoever subscribed with it last, and delete only the caller’s own', async () => {
    const anna = await member();
    const ben = { ...(await signedInTestAccount(server)), app: anna.app };
    await addProfile(server, anna.app, { id: ben.id });
    const key = await publicKey();
    const shared = pushService.subscribe(key);
    const bens = pushService.subscribe(key);
    await call('POST', urlOf(anna.app), anna.token, shared);
    await call('POST', urlOf(anna.app), ben.token, shared);
    await call('POST', urlOf(anna.app), ben.token, bens);
    expect(await countOf(anna)).toBe(0);
    expect(await countOf(ben)).toBe(2);

    expect((await call('DELETE', urlOf(anna.app), anna.token, { endpoint: bens.endpoint })).statusCode).toBe(
      204,
    );
    expect(await countOf(ben)).toBe(2);
  });

  it('keep the newest 20 subscriptions of a profile', async () => {
    const anna = await member();
    const key = await publicKey();
    const browsers = Array.from({ length: 21 }, () => pushService.subscribe(key));
    for (const browser of browsers) {
      expect((await call('POST', urlOf(anna.app), anna.token, browser)).statusCode).toBe(204);
    }
    expect(await countOf(anna)).toBe(20);
    expect(await rowOf(browsers[0]!.endpoint)).toBeUndefined();
    expect(await rowOf(browsers[1]!.endpoint)).toBeDefined();
    expect(await rowOf(browsers[20]!.endpoint)).toBeDefined();
  });
});
