import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberType } from '../../../contracts/enums.ts';
import type { Member } from '../../../contracts/members.ts';
import { accounts, appInvitations, contacts, profiles, projects } from '../../db/schema/index.ts';
import { sha256 } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { insertTestAccount, mailCount, signUp, uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile, createTag } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  } as InjectOptions);

async function community() {
  const { account } = await insertTestAccount(server);
  const { app, project, profile } = await createAppWithProfile(server, account, { as: 'owner' });
  const owner = { profileId: profile.id, auth: (await server.tokenFor(account.id)).authorization };
  const join = async (type: MemberType = 'member') => {
    const created = await insertTestAccount(server);
    const row = await addProfile(server, app, created.account, type);
    return { ...created, profileId: row.id, auth: (await server.tokenFor(created.account.id)).authorization };
  };
  return { app, project, owner, join, url: `/api/apps/${app.id}/invite` };
}

/** The token of the newest invitation mail to an address (its link ends with it). */
async function mailedToken(to: string): Promise<{ token: string; link: string }> {
  const [mail] = await listOutbox(server.runtime.database.db, { to, limit: 1 });
  const link = mail?.text.match(/https?:\/\/\S+\/auth\/join\/([A-Za-z0-9_-]+)/);
  if (!link) {
    throw new Error(`no invitation mailed to ${to}`);
  }
  return { token: link[1]!, link: link[0] };
}

describe(`POST /apps/{appId}/invite (${testDriver})`, () => {
  it('answers 401 without a session and 404 to other projects and unknown apps', async () => {
    const { url } = await community();
    const payload = { email: uniqueEmail() };
    expect((await call('POST', url, undefined, payload)).statusCode).toBe(401);
    const { account } = await insertTestAccount(server);
    await createAppWithProfile(server, account, { as: 'owner' });
    const stranger = (await server.tokenFor(account.id)).authorization;
    expect((await call('POST', url, stranger, payload)).statusCode).toBe(404);
    expect((await call('POST', `/api/apps/${newId()}/invite`, stranger, payload)).statusCode).toBe(404);
  });

  it('answers 400 for bad input', async () => {
    const { app, owner, url } = await community();
    const db = server.runtime.database.db;
    const { ensureDefaultTags } = await import('../tags/tags.repo.ts');
    const defaults = await ensureDefaultTags(db, app);
    for (const payload of [
      {},
      { email: 'no-address' },
      { email: uniqueEmail(), firstName: 'x'.repeat(101) },
      { email: uniqueEmail(), tagIds: [newId()] },
      { email: uniqueEmail(), tagIds: [defaults.blocked.id] },
      { email: uniqueEmail(), isAdmin: 'yes' },
      { email: uniqueEmail(), role: 'admin' },
    ]) {
      const response = await call('POST', url, owner.auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses ids of plans until they exist and of groups and spaces the app lacks', async () => {
    const { owner, url } = await community();
    for (const key of ['moderatorGroupIds', 'moderatorSpaceIds', 'planIds']) {
      const response = await call('POST', url, owner.auth, { email: uniqueEmail(), [key]: [newId()] });
      expect(response.statusCode, key).toBe(400);
      expect(response.json(), key).toMatchObject({
        code: key === 'planIds' ? 'FEATURE_NOT_AVAILABLE' : 'VALIDATION_FAILED',
        errors: { [key]: 'validation.invalidValue' },
      });
    }
  });

  it('answers 403 to plain members, and to moderators making admins or moderators', async () => {
    const { url, join } = await community();
    const member = await join();
    expect((await call('POST', url, member.auth, { email: uniqueEmail() })).statusCode).toBe(403);
    const moderator = await join('moderator');
    expect(
      (await call('POST', url, moderator.auth, { email: uniqueEmail(), isAdmin: true })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', url, moderator.auth, { email: uniqueEmail(), moderatorSpaceIds: [newId()] }))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', url, moderator.auth, { email: uniqueEmail() })).statusCode).toBe(201);
  });

  it('invites a new address: placeholder account, invited profile, tags, contact, invitation and mail', async () => {
    const { app, owner, url } = await community();
    const db = server.runtime.database.db;
    const tag = await createTag(server, app, { name: 'Neu' });
    const email = uniqueEmail('clara');
    const response = await call('POST', url, owner.auth, {
      email: email.toUpperCase(),
      firstName: ' Clara ',
      lastName: 'Neu',
      tagIds: [tag.id],
    });
    expect(response.statusCode).toBe(201);
    const member = response.json<{ data: Member }>().data;
    expect(member).toMatchObject({
      firstName: 'Clara',
      lastName: 'Neu',
      email,
      type: 'invited',
      tags: [{ id: tag.id, name: 'Neu', kind: null }],
    });
    expect(member.permissions.can).toContain('resend_invitation');

    const [account] = await db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(account).toMatchObject({
      email,
      passwordHash: null,
      emailVerifiedAt: null,
      language: app.language,
    });
    const [contact] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.projectId, app.projectId), eq(contacts.email, email)));
    expect(contact).toMatchObject({ source: 'invitation', accountId: member.accountId });

    const { token, link } = await mailedToken(email);
    expect(link).toBe(`http://app.localhost:3000/${app.slug}/auth/join/${token}`);
    const [invitation] = await db
      .select()
      .from(appInvitations)
      .where(eq(appInvitations.tokenHash, sha256(token)));
    expect(invitation).toMatchObject({ appId: app.id, email, memberType: 'member', firstName: 'Clara' });
    const days = (invitation!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const info = await call('GET', `/api/invitation/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email, firstName: 'Clara' });
  });

  it('makes an admin right away with isInvited false, and keeps an existing account’s names', async () => {
    const { app, owner, url } = await community();
    const existing = await insertTestAccount(server);
    const response = await call('POST', url, owner.auth, {
      email: existing.email,
      firstName: 'Anders',
      isAdmin: true,
      isInvited: false,
    });
    expect(response.statusCode).toBe(201);
    const member = response.json<{ data: Member }>().data;
    expect(member).toMatchObject({ accountId: existing.account.id, type: 'admin', firstName: 'Ben' });
    const [invitation] = await server.runtime.database.db
      .select()
      .from(appInvitations)
      .where(and(eq(appInvitations.appId, app.id), eq(appInvitations.email, existing.email)));
    expect(invitation!.memberType).toBe('admin');
    expect(await mailCount(server, existing.email)).toBe(1);
  });

  it('answers 409 ALREADY_MEMBER for a member, and replaces the link of someone invited before', async () => {
    const { owner, url, join } = await community();
    const member = await join();
    const taken = await call('POST', url, owner.auth, { email: member.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('ALREADY_MEMBER');

    const email = uniqueEmail();
    const first = (await call('POST', url, owner.auth, { email })).json<{ data: Member }>().data;
    const { token: oldToken } = await mailedToken(email);
    const again = await call('POST', url, owner.auth, { email });
    expect(again.statusCode).toBe(201);
    expect(again.json<{ data: Member }>().data.id).toBe(first.id);
    expect((await call('GET', `/api/invitation/${oldToken}`)).statusCode).toBe(404);
    const { token } = await mailedToken(email);
    expect((await call('GET', `/api/invitation/${token}`)).statusCode).toBe(200);
  });

  it('answers 409 QUOTA_EXCEEDED when the tariff’s contacts are used up, and creates nothing', async () => {
    const { app, project, owner, url } = await community();
    const db = server.runtime.database.db;
    await db.update(projects).set({ tariffId: 'starter' }).where(eq(projects.id, project.id));
    await db.insert(contacts).values(
      Array.from({ length: 500 }, (_, index) => ({
        id: newId(),
        projectId: project.id,
        email: `full-${index}-${project.id}@beispiel.de`,
        source: 'import',
      })),
    );
    const email = uniqueEmail();
    const response = await call('POST', url, owner.auth, { email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { key: 'contacts', limit: 500 },
    });
    expect(await db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(0);
    expect(await mailCount(server, email)).toBe(0);
    // A contact the project knows already costs nothing.
    const known = `full-1-${project.id}@beispiel.de`;
    expect((await call('POST', url, owner.auth, { email: known })).statusCode).toBe(201);
    const rows = await db.select().from(profiles).where(eq(profiles.appId, app.id));
    expect(rows).toHaveLength(2);
  });
});

describe(`POST /profiles/{id}/invitation (${testDriver})`, () => {
  it('answers 401, 404 for other projects and unknown ids, 403 for members and non-invited people', async () => {
    const { owner, url, join } = await community();
    const email = uniqueEmail();
    const invited = (await call('POST', url, owner.auth, { email })).json<{ data: Member }>().data;
    const resend = `/api/profiles/${invited.id}/invitation`;
    expect((await call('POST', resend)).statusCode).toBe(401);
    const { account } = await insertTestAccount(server);
    await createAppWithProfile(server, account, { as: 'owner' });
    const stranger = (await server.tokenFor(account.id)).authorization;
    expect((await call('POST', resend, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/profiles/${newId()}/invitation`, owner.auth)).statusCode).toBe(404);
    expect((await call('POST', '/api/profiles/nope/invitation', owner.auth)).statusCode).toBe(400);
    const member = await join();
    expect((await call('POST', resend, member.auth)).statusCode).toBe(404);
    expect((await call('POST', `/api/profiles/${member.profileId}/invitation`, owner.auth)).statusCode).toBe(
      403,
    );
  });

  it('sends a new link, ends the old one, keeps the member type, and limits how often', async () => {
    const { owner, url } = await community();
    const email = uniqueEmail();
    const invited = (await call('POST', url, owner.auth, { email, isAdmin: true })).json<{ data: Member }>()
      .data;
    const { token: first } = await mailedToken(email);
    const resend = `/api/profiles/${invited.id}/invitation`;
    expect((await call('POST', resend, owner.auth)).statusCode).toBe(204);
    const { token: second } = await mailedToken(email);
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/invitation/${first}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/invitation/${second}`)).statusCode).toBe(200);
    const [row] = await server.runtime.database.db
      .select()
      .from(appInvitations)
      .where(eq(appInvitations.tokenHash, sha256(second)));
    expect(row!.memberType).toBe('admin');
    // Two mails a minute per person.
    expect((await call('POST', resend, owner.auth)).statusCode).toBe(204);
    expect((await call('POST', resend, owner.auth)).statusCode).toBe(429);
  });
});

describe(`sign-up of an invited address (${testDriver})`, () => {
  it('fills in the placeholder account the invitation created', async () => {
    const { owner, url } = await community();
    const email = uniqueEmail();
    const invited = (
      await call('POST', url, owner.auth, { email, firstName: 'Platz', lastName: 'Halter' })
    ).json<{
      data: Member;
    }>().data;
    const session = await signUp(server, { email, password: 'geheim-geheim-1' });
    expect(session.account.id).toBe(invited.accountId);
    const [account] = await server.runtime.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, invited.accountId));
    expect(account).toMatchObject({ firstName: 'Anna', lastName: 'Beispiel' });
    expect(account!.passwordHash).not.toBeNull();
    expect(account!.emailVerifiedAt).not.toBeNull();
  });

  it('leaves an account that was used as it is', async () => {
    const existing = await insertTestAccount(server);
    const session = await signUp(server, { email: existing.email, password: 'geheim-geheim-1' });
    expect(session.account.id).toBe(existing.account.id);
    const [account] = await server.runtime.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, existing.account.id));
    expect(account).toMatchObject({ firstName: 'Ben', lastName: 'Test', passwordHash: null });
  });
});
