import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile, createInvitationLink, createTag } from '../../test/workspace.ts';
import { ensureDefaultTags } from '../tags/tags.repo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { PUBLIC_DOMAIN: 'app.beispiel.de', PUBLIC_PROTOCOL: 'https' } });
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  caller(server).request({ method, url, token, ...(payload ? { payload } : {}) });

async function appWithPeople() {
  const owner = await signUp(server);
  const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
  const moderator = await signUp(server);
  await addProfile(server, app, moderator.account, 'moderator');
  const member = await signUp(server);
  await addProfile(server, app, member.account, 'member');
  return { owner, moderator, member, app, base: `/api/apps/${app.id}/invitations` };
}

const inAWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();

describe(`invite links (${testDriver})`, () => {
  it('answers 401 without a session and 404 to people outside the app', async () => {
    const { app, base, owner } = await appWithPeople();
    const link = await createInvitationLink(server, app);
    const calls: [Method, string, object?][] = [
      ['GET', base],
      ['POST', base, { name: 'Newsletter' }],
      ['PATCH', `/api/invitations/${link.id}`, { name: 'Neu' }],
      ['DELETE', `/api/invitations/${link.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const stranger = await signUp(server);
    await createAppWithProfile(server, stranger.account, { as: 'owner' });
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, stranger.accessToken, payload)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    expect((await call('DELETE', `/api/invitations/${newId()}`, owner.accessToken)).statusCode).toBe(404);
  });

  it('creates a link with a 128-bit token and its join address; lists newest first', async () => {
    const { owner, app, base } = await appWithPeople();
    const tag = await createTag(server, app);
    const expiresAt = inAWeek();
    const created = await call('POST', base, owner.accessToken, {
      name: ' Sommerkurs ',
      memberType: 'moderator',
      tagIds: [tag.id, tag.id],
      maxUses: 10,
      expiresAt,
    });
    expect(created.statusCode).toBe(201);
    const link = created.json().data;
    expect(link).toMatchObject({
      name: 'Sommerkurs',
      memberType: 'moderator',
      tagIds: [tag.id],
      planIds: [],
      maxUses: 10,
      usesCount: 0,
      expiresAt,
      isActive: true,
      permissions: { can: ['edit', 'delete'] },
    });
    const token = new RegExp(`^https://app\\.beispiel\\.de/${app.slug}/auth/join/([A-Za-z0-9_-]+)$`).exec(
      link.url,
    )?.[1];
    expect(token).toHaveLength(22);
    expect(Buffer.from(token!, 'base64url')).toHaveLength(16);

    const second = (await call('POST', base, owner.accessToken, { name: 'Offen' })).json().data;
    expect(second).toMatchObject({ memberType: 'member', maxUses: null, expiresAt: null, isActive: true });
    const list = await call('GET', base, owner.accessToken);
    expect(list.json().meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect(list.json().data.map((item: { id: string }) => item.id)).toEqual([second.id, link.id]);
    const picked = await call('GET', `${base}?invitationIds[]=${link.id}&limit=1`, owner.accessToken);
    expect(picked.json()).toMatchObject({ data: [{ id: link.id }], meta: { total: 1 } });
  });

  it('refuses bad input: unknown or default tags, plans, past expiry, unknown fields', async () => {
    const { owner, app, base } = await appWithPeople();
    const { blocked } = await ensureDefaultTags(server.runtime.database.db, app);
    const foreign = await createTag(
      server,
      (await createAppWithProfile(server, owner.account, { as: 'owner' })).app,
    );
    const own = await createTag(server, app);
    const errorsOf = async (payload: object): Promise<unknown> =>
      (await call('POST', base, owner.accessToken, payload)).json<{ errors?: unknown }>().errors;
    expect(await errorsOf({ name: '', memberType: 'admin', maxUses: 0, isActive: 'ja', token: 'x' })).toEqual(
      {
        name: 'validation.required',
        memberType: 'validation.invalidValue',
        maxUses: 'validation.minNumber',
        isActive: 'validation.invalidType',
        token: 'validation.unknownField',
      },
    );
    // A negative limit is refused, never read as its absolute value.
    expect(await errorsOf({ name: 'A', maxUses: -5 })).toEqual({ maxUses: 'validation.minNumber' });
    expect(await errorsOf({ name: 'A', tagIds: [own.id, blocked.id] })).toEqual({
      'tagIds.1': 'validation.invalidValue',
    });
    expect(await errorsOf({ name: 'A', tagIds: [foreign.id] })).toEqual({
      'tagIds.0': 'validation.invalidValue',
    });
    expect(await errorsOf({ name: 'A', expiresAt: '2020-01-01T00:00:00Z' })).toEqual({
      expiresAt: 'validation.invalidValue',
    });
    // Access plans do not exist yet: plan ids are refused as a missing feature, an empty list is fine.
    const withPlan = await call('POST', base, owner.accessToken, { name: 'A', planIds: [newId()] });
    expect(withPlan.statusCode).toBe(400);
    expect(withPlan.json()).toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      errors: { planIds: 'validation.invalidValue' },
    });
    expect((await call('POST', base, owner.accessToken, { name: 'A', planIds: [] })).statusCode).toBe(201);
    expect(await errorsOf({ name: 'A', expiresAt: 'morgen' })).toEqual({
      expiresAt: 'validation.invalidFormat',
    });
    expect((await call('GET', `${base}?invitationIds=nope`, owner.accessToken)).json().errors).toEqual({
      'invitationIds.0': 'validation.invalidFormat',
    });
  });

  it('changes and deletes a link; moderators only see links, members get 403', async () => {
    const { owner, moderator, member, app, base } = await appWithPeople();
    const link = await createInvitationLink(server, app, { usesCount: 3 });
    const changed = await call('PATCH', `/api/invitations/${link.id}`, owner.accessToken, {
      name: 'Pausiert',
      isActive: false,
      maxUses: 3,
      expiresAt: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Pausiert',
      isActive: false,
      maxUses: 3,
      usesCount: 3,
    });
    const withPlan = await call('PATCH', `/api/invitations/${link.id}`, owner.accessToken, {
      planIds: [newId()],
    });
    expect(withPlan.statusCode).toBe(400);
    expect(withPlan.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE' });

    const seen = await call('GET', base, moderator.accessToken);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data[0].permissions).toEqual({ can: [] });
    expect((await call('POST', base, moderator.accessToken, { name: 'X' })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/invitations/${link.id}`, moderator.accessToken, { name: 'X' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/invitations/${link.id}`, moderator.accessToken)).statusCode).toBe(403);
    expect((await call('GET', base, member.accessToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/invitations/${link.id}`, member.accessToken)).statusCode).toBe(403);

    expect((await call('DELETE', `/api/invitations/${link.id}`, owner.accessToken)).statusCode).toBe(204);
    expect((await call('GET', base, owner.accessToken)).json().meta.total).toBe(0);
  });
});
