import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile } from '../../test/workspace.ts';

/** Spec §6 / issue 4: every masqueraded request is logged with the real caller. */
describe(`masquerade log (${testDriver})`, () => {
  let server: TestServer;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        callback();
      },
    });
    server = await createTestServer({ env: { LOG_LEVEL: 'info' }, logStream });
  });

  afterAll(async () => {
    await server.close();
  });

  it('logs the real account, the viewed profile and the answer of every masqueraded request', async () => {
    const owner = await signUp(server);
    const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    const member = await signUp(server);
    const profile = await addProfile(server, app, member.account);
    const url = `/api/apps/${app.id}/options`;

    const plain = await caller(server).request({ method: 'GET', url, token: owner.accessToken });
    expect(plain.statusCode).toBe(200);
    expect(lines.filter((line) => line.msg === 'masqueraded request')).toEqual([]);

    const viewed = await caller(server).request({
      method: 'GET',
      url,
      token: owner.accessToken,
      headers: { 'x-masquerade-profile': profile.id },
    });
    expect(viewed.statusCode).toBe(200);
    const refused = await caller(server).request({
      method: 'GET',
      url,
      token: member.accessToken,
      headers: { 'x-masquerade-profile': profile.id },
    });
    expect(refused.statusCode).toBe(403);

    const logged = lines.filter((line) => line.msg === 'masqueraded request');
    expect(logged).toEqual([
      expect.objectContaining({
        realAccountId: owner.account.id,
        masqueradeProfileId: profile.id,
        method: 'GET',
        url,
        statusCode: 200,
      }),
      expect.objectContaining({ realAccountId: member.account.id, statusCode: 403 }),
    ]);
  });

  it('keeps credentials of the query string out of the masquerade log', async () => {
    const owner = await signUp(server);
    const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    const member = await signUp(server);
    const profile = await addProfile(server, app, member.account);
    const secrets = { sig: 'c2lnbmF0dXJlLW9mLWEtYmxvYi1hZGRyZXNzLTEyMzQ1Ng', token: 'tok-0123456789abcdef' };
    const url = `/api/apps/${app.id}/options?sig=${secrets.sig}&page=2&token=${secrets.token}`;
    const before = lines.length;

    const viewed = await caller(server).request({
      method: 'GET',
      url,
      token: owner.accessToken,
      headers: { 'x-masquerade-profile': profile.id },
    });
    expect(viewed.statusCode).toBe(200);

    const written = lines.slice(before);
    expect(written.filter((line) => line.msg === 'masqueraded request')).toEqual([
      expect.objectContaining({
        realAccountId: owner.account.id,
        url: `/api/apps/${app.id}/options?sig=[redacted]&page=2&token=[redacted]`,
      }),
    ]);
    const text = JSON.stringify(written);
    expect(text).not.toContain(secrets.sig);
    expect(text).not.toContain(secrets.token);
  });
});
