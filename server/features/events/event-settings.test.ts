import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityApp, communityCaller } from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
const url = (appId: string) => `/api/apps/${appId}/event-settings`;

describe(`event settings (${testDriver})`, () => {
  it('answers the defaults until saved, then the fields sent; the rest keep their values', async () => {
    const tenant = await communityApp(server);
    const first = await call('GET', url(tenant.app.id), tenant.owner);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      creators: 'admins',
      defaultDurationInSeconds: 3600,
      defaultParticipantsNumberLimit: 10,
      defaultReminderOffsetsInSeconds: [86_400, 3_600],
      isEmailConfirmationEnabledByDefault: true,
    });
    const saved = await call('PATCH', url(tenant.app.id), tenant.owner, {
      defaultDurationInSeconds: 5400,
      defaultParticipantsNumberLimit: null,
      defaultReminderOffsetsInSeconds: [600, 7200, 600],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      creators: 'admins',
      defaultDurationInSeconds: 5400,
      defaultParticipantsNumberLimit: null,
      defaultReminderOffsetsInSeconds: [7200, 600],
      isEmailConfirmationEnabledByDefault: true,
    });
    const again = await call('PATCH', url(tenant.app.id), tenant.owner, {
      isEmailConfirmationEnabledByDefault: false,
    });
    expect(again.json().data).toMatchObject({
      defaultDurationInSeconds: 5400,
      defaultParticipantsNumberLimit: null,
      isEmailConfirmationEnabledByDefault: false,
    });
    expect((await call('GET', url(tenant.app.id), tenant.owner)).json().data).toEqual(again.json().data);
    // The events service's own settings (title, guests) sit beside them in the app's row; neither resets the other.
    const service = `/api/apps/${tenant.app.id}/events/settings`;
    const opened = await call('PATCH', service, tenant.owner, { isVisibleToGuests: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await call('GET', url(tenant.app.id), tenant.owner)).json().data).toEqual(again.json().data);
    await call('PATCH', url(tenant.app.id), tenant.owner, { creators: 'members' });
    expect((await call('GET', service, tenant.owner)).json().data).toMatchObject({ isVisibleToGuests: true });
  });

  it('is read by whoever may create events and changed by the app managers only', async () => {
    const tenant = await communityApp(server);
    // By default only the managers create events: members and moderators may not read the defaults.
    for (const who of [tenant.member, tenant.moderator]) {
      expect((await call('GET', url(tenant.app.id), who)).statusCode).toBe(403);
    }
    const opened = await call('PATCH', url(tenant.app.id), tenant.owner, { creators: 'moderators' });
    expect(opened.json().data.creators).toBe('moderators');
    expect((await call('GET', url(tenant.app.id), tenant.moderator)).statusCode).toBe(200);
    expect((await call('GET', url(tenant.app.id), tenant.member)).statusCode).toBe(403);
    await call('PATCH', url(tenant.app.id), tenant.owner, { creators: 'members' });
    expect((await call('GET', url(tenant.app.id), tenant.member)).statusCode).toBe(200);
    // Creating events is not managing them: the settings stay the managers'.
    for (const who of [tenant.member, tenant.moderator]) {
      expect((await call('PATCH', url(tenant.app.id), who, { creators: 'admins' })).statusCode).toBe(403);
    }
  });

  it('refuses anonymous callers, other projects and bad input', async () => {
    const tenant = await communityApp(server);
    expect((await call('GET', url(tenant.app.id))).statusCode).toBe(401);
    expect((await call('PATCH', url(tenant.app.id), undefined, { creators: 'members' })).statusCode).toBe(
      401,
    );
    expect((await call('GET', url(tenant.app.id), tenant.stranger)).statusCode).toBe(403);
    expect(
      (await call('PATCH', url(tenant.app.id), tenant.stranger, { creators: 'members' })).statusCode,
    ).toBe(403);
    const bad = [
      { creators: 'everyone' },
      { defaultDurationInSeconds: 3601 },
      { defaultParticipantsNumberLimit: 0 },
      { defaultReminderOffsetsInSeconds: [30] },
      { defaultReminderOffsetsInSeconds: [60, 120, 180, 240, 300] },
      { isEmailConfirmationEnabledByDefault: 'yes' },
      { unknown: true },
    ];
    for (const body of bad) {
      const response = await call('PATCH', url(tenant.app.id), tenant.owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', '/api/apps/nope/event-settings', tenant.owner, {})).statusCode).toBe(400);
    expect((await call('GET', url(tenant.app.id), tenant.owner)).json().data.creators).toBe('admins');
  });
});
