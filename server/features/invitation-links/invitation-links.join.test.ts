import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, invitationLinks, profileTags, profiles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { caller, latestCodeFor, signUp, uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import {
  addProfile,
  createAppIn,
  createAppWithProfile,
  createInvitation,
  createInvitationLink,
  createProjectFor,
  createTag,
} from '../../test/workspace.ts';

// Joining an app through an invite link: the personal-invitation calls accept the link's token too.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (url: string, payload: object) => caller(server).request({ method: 'POST', url, payload });
const get = (url: string) => caller(server).request({ method: 'GET', url });
const db = () => server.runtime.database.db;

async function appWithLink(options: Parameters<typeof createInvitationLink>[2] = {}) {
  const owner = await signUp(server);
  const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
  const link = await createInvitationLink(server, app, options);
  return { owner, app, link, token: link.token };
}

const usesOf = async (id: string) =>
  (await db().select().from(invitationLinks).where(eq(invitationLinks.id, id)))[0]!.usesCount;

const profileOf = async (appId: string, accountId: string) =>
  (
    await db()
      .select()
      .from(profiles)
      .where(and(eq(profiles.appId, appId), eq(profiles.accountId, accountId)))
  )[0];

/** A new person's whole way in: code, check, form. */
async function joinAsNewPerson(token: string, email: string) {
  const sent = await post('/api/auth/invitation', { invitationToken: token, login: email, type: 'email' });
  if (sent.statusCode !== 200) {
    return sent;
  }
  const code = await latestCodeFor(server, email);
  return post('/api/invitation/user/confirm', {
    invitationToken: token,
    login: email,
    type: 'email',
    code,
    firstName: 'Lina',
    lastName: 'Link',
  });
}

describe(`joining through an invite link (${testDriver})`, () => {
  it('shows the join screen the app, without an address', async () => {
    const { app, token } = await appWithLink();
    const info = await get(`/api/invitation/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      app: { id: app.id, name: app.name, slug: app.slug },
      kind: 'link',
      email: null,
      firstName: '',
      lastName: '',
      hasAccount: false,
    });
  });

  it('lets anyone join with the link’s member type and tags, counting the use and the contact', async () => {
    const { app, link, token } = await appWithLink({ memberType: 'moderator' });
    const tag = await createTag(server, app);
    const deletedLater = newId();
    await db()
      .update(invitationLinks)
      .set({ tagIds: [tag.id, deletedLater] })
      .where(eq(invitationLinks.id, link.id));
    const email = uniqueEmail('lina');
    const sent = await post('/api/auth/invitation', { invitationToken: token, login: email, type: 'email' });
    expect(sent.json()).toMatchObject({ hasAccount: false, limits: { codeCheckRemaining: 5 } });
    const code = await latestCodeFor(server, email);
    const check = await post('/api/invitation/check-code', {
      invitationToken: token,
      login: email,
      type: 'email',
      code,
    });
    expect(check.json()).toMatchObject({ valid: true });
    const joined = await post('/api/invitation/user/confirm', {
      invitationToken: token,
      login: email,
      type: 'email',
      code,
      firstName: 'Lina',
      lastName: 'Link',
    });
    expect(joined.statusCode).toBe(200);
    const accountId = joined.json().account.id as string;
    const profile = await profileOf(app.id, accountId);
    expect(profile).toMatchObject({ type: 'moderator' });
    const assigned = await db().select().from(profileTags).where(eq(profileTags.profileId, profile!.id));
    expect(assigned.map((row) => row.tagId)).toEqual([tag.id]);
    expect(await usesOf(link.id)).toBe(1);
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.projectId, app.projectId), eq(contacts.email, email)));
    expect(contact).toMatchObject({ source: 'invite_link', accountId });
    // The link stays open for the next person.
    expect((await get(`/api/invitation/${token}`)).statusCode).toBe(200);
  });

  it('signs an existing account in and makes it a member; an existing member just signs in', async () => {
    const { app, link, token } = await appWithLink();
    const existing = await signUp(server);
    await post('/api/auth/invitation', { invitationToken: token, login: existing.email, type: 'email' });
    const confirm = async () =>
      post('/api/auth/invitation/confirm', {
        invitationToken: token,
        login: existing.email,
        type: 'email',
        code: await latestCodeFor(server, existing.email),
      });
    const joined = await confirm();
    expect(joined.statusCode).toBe(200);
    expect(joined.json().account.id).toBe(existing.account.id);
    expect(await profileOf(app.id, existing.account.id)).toMatchObject({ type: 'member' });
    expect(await usesOf(link.id)).toBe(1);

    const admin = await signUp(server);
    await addProfile(server, app, admin.account, 'admin');
    const sent = await post('/api/auth/invitation', {
      invitationToken: token,
      login: admin.email,
      type: 'email',
    });
    expect(sent.json().hasAccount).toBe(true);
    const signedIn = await post('/api/auth/invitation/confirm', {
      invitationToken: token,
      login: admin.email,
      type: 'email',
      code: await latestCodeFor(server, admin.email),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await profileOf(app.id, admin.account.id)).toMatchObject({ type: 'admin' });
    expect(await usesOf(link.id)).toBe(1);
  });

  it('upgrades an invited profile instead of adding a second one', async () => {
    const { app, link, token } = await appWithLink({ memberType: 'moderator' });
    const invited = await signUp(server);
    const before = await addProfile(server, app, invited.account, 'invited');
    await post('/api/auth/invitation', { invitationToken: token, login: invited.email, type: 'email' });
    const joined = await post('/api/auth/invitation/confirm', {
      invitationToken: token,
      login: invited.email,
      type: 'email',
      code: await latestCodeFor(server, invited.email),
    });
    expect(joined.statusCode).toBe(200);
    expect(await profileOf(app.id, invited.account.id)).toMatchObject({ id: before.id, type: 'moderator' });
    expect(await usesOf(link.id)).toBe(1);
  });

  it('answers switched-off, expired and used-up links like unknown tokens', async () => {
    const owner = await signUp(server);
    const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    const closed = [
      await createInvitationLink(server, app, { isActive: false }),
      await createInvitationLink(server, app, { expiresAt: new Date(Date.now() - 1000) }),
      await createInvitationLink(server, app, { maxUses: 2, usesCount: 2 }),
    ];
    for (const link of closed) {
      expect((await get(`/api/invitation/${link.token}`)).statusCode).toBe(404);
      const sent = await post('/api/auth/invitation', {
        invitationToken: link.token,
        login: uniqueEmail(),
        type: 'email',
      });
      expect(sent.statusCode).toBe(404);
    }
    const archivedApp = await createAppIn(server, { id: app.projectId }, { isArchive: true });
    const archived = await createInvitationLink(server, archivedApp);
    expect((await get(`/api/invitation/${archived.token}`)).statusCode).toBe(404);
  });

  it('refuses the last seat to the second of two people who got their codes while it was open', async () => {
    const { link, token } = await appWithLink({ maxUses: 1 });
    const first = uniqueEmail('erste');
    const second = uniqueEmail('zweite');
    await post('/api/auth/invitation', { invitationToken: token, login: first, type: 'email' });
    await post('/api/auth/invitation', { invitationToken: token, login: second, type: 'email' });
    const confirm = async (email: string) =>
      post('/api/invitation/user/confirm', {
        invitationToken: token,
        login: email,
        type: 'email',
        code: await latestCodeFor(server, email),
        firstName: 'Lina',
        lastName: 'Link',
      });
    expect((await confirm(first)).statusCode).toBe(200);
    const late = await confirm(second);
    expect(late.statusCode).toBe(404);
    expect(await usesOf(link.id)).toBe(1);
  });

  it('keeps codes apart: a personal invitation’s code does not open a link', async () => {
    const { app, token } = await appWithLink();
    const email = uniqueEmail('clara');
    const personal = await createInvitation(server, app, email);
    await post('/api/auth/invitation', { invitationToken: personal.token, login: email, type: 'email' });
    const code = await latestCodeFor(server, email);
    const crossed = await post('/api/invitation/check-code', {
      invitationToken: token,
      login: email,
      type: 'email',
      code,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('40000');
  });

  it('checks the contacts quota when the person is new to the project', async () => {
    const owner = await signUp(server);
    const project = await createProjectFor(server, owner.account, { tariffId: 'starter' });
    const app = await createAppIn(server, project);
    const link = await createInvitationLink(server, app);
    await db()
      .insert(contacts)
      .values(
        Array.from({ length: 500 }, (_, index) => ({
          id: newId(),
          projectId: project.id,
          email: `kontakt${index}@beispiel.de`,
          source: 'import',
        })),
      );
    const refused = await joinAsNewPerson(link.token, uniqueEmail('neu'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { key: 'contacts', limit: 500 },
    });
    expect(await usesOf(link.id)).toBe(0);
    // A person the project already knows joins without a new seat.
    const known = await joinAsNewPerson(link.token, 'kontakt7@beispiel.de');
    expect(known.statusCode).toBe(200);
    expect(await usesOf(link.id)).toBe(1);
  });
});
