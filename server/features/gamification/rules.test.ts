import { beforeAll, describe, expect, it } from 'vitest';
import { defaultRules } from '../../../contracts/gamification.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { gamificationApp, type GamificationApp } from './points.testing.ts';

const server = useTestServer();

describe(`gamification rules (${testDriver})`, () => {
  let tenant: GamificationApp;
  let url: string;
  beforeAll(async () => {
    tenant = await gamificationApp(server());
    url = `/api/apps/${tenant.app.id}/gamification/rules`;
  });

  it('lists every action with its defaults and upserts the fields sent', async () => {
    const { call, owner } = tenant;
    const listed = await call('GET', url, owner);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toHaveLength(Object.keys(defaultRules).length);
    expect(listed.json().data[0]).toEqual({
      id: 'post_created',
      action: 'post_created',
      ...defaultRules.post_created,
    });

    const changed = await call('PATCH', url, owner, { ruleId: 'post_created', points: 7 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({
      id: 'post_created',
      action: 'post_created',
      points: 7,
      isActive: true,
      dailyCap: 50,
    });
    // A second change keeps what the first set.
    const again = await call('PATCH', url, owner, { ruleId: 'post_created', active: false, dailyCap: null });
    expect(again.json().data).toMatchObject({ points: 7, isActive: false, dailyCap: null });
    const after = await call('GET', url, owner);
    expect(after.json().data.find((rule: { id: string }) => rule.id === 'post_created')).toMatchObject({
      points: 7,
      isActive: false,
      dailyCap: null,
    });
  });

  it('works for the managers while the service is off', async () => {
    await tenant.rewards(false);
    try {
      expect((await tenant.call('GET', url, tenant.owner)).statusCode).toBe(200);
      const fee = await tenant.call('PATCH', url, tenant.owner, { ruleId: 'message_sent_fee', active: true });
      expect(fee.json().data).toMatchObject({ points: 1, isActive: true });
      expect((await tenant.call('GET', url, tenant.member)).statusCode).toBe(404);
    } finally {
      await tenant.rewards(true);
    }
  });

  it('refuses the anonymous, another project, members and bad input', async () => {
    const { call } = tenant;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('PATCH', url, undefined, { ruleId: 'post_created', points: 1 })).statusCode).toBe(401);
    expect((await call('GET', url, tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', url, tenant.member)).statusCode).toBe(403);
    expect((await call('PATCH', url, tenant.member, { ruleId: 'post_created', points: 1 })).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', url, tenant.moderator, { ruleId: 'post_created' })).statusCode).toBe(403);
    for (const body of [
      { ruleId: 'admin_top_up', points: 1 },
      { ruleId: 'post_created', points: -1 },
      { ruleId: 'post_created', points: 1.5 },
      { ruleId: 'post_created', extra: true },
    ]) {
      const refused = await call('PATCH', url, tenant.owner, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
