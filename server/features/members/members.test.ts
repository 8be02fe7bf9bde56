import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberType } from '../../../contracts/enums.ts';
import type { Member, MemberList } from '../../../contracts/members.ts';
import { accounts, profiles, sessions, tags } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile, createTag } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'PATCH' | 'POST' | 'DELETE';
const call = (method: Method, url: string, authorization?: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  } as InjectOptions);

type Person = { accountId: string; email: string; profileId: string; auth: string };

/** A fresh project and app whose owner is signed in. */
async function community() {
  const { account, email } = await insertTestAccount(server);
  const { app, project, profile } = await createAppWithProfile(server, account, { as: 'owner' });
  const owner: Person = {
    accountId: account.id,
    email,
    profileId: profile.id,
    auth: (await server.tokenFor(account.id)).authorization,
  };
  const join = async (type: MemberType = 'member', names?: { firstName: string; lastName: string }) => {
    const created = await insertTestAccount(server);
    if (names) {
      await server.runtime.database.db.update(accounts).set(names).where(eq(accounts.id, created.account.id));
    }
    const row = await addProfile(server, app, created.account, type);
    return {
      accountId: created.account.id,
      email: created.email,
      profileId: row.id,
      auth: (await server.tokenFor(created.account.id)).authorization,
    } satisfies Person;
  };
  return { app, project, owner, join, base: `/api/apps/${app.id}` };
}

/** Someone with a member profile in an app of another project. */
async function outsider(): Promise<Person> {
  const { account, email } = await insertTestAccount(server);
  const { profile } = await createAppWithProfile(server, account);
  return {
    accountId: account.id,
    email,
    profileId: profile.id,
    auth: (await server.tokenFor(account.id)).authorization,
  };
}

describe(`GET /apps/{appId}/profiles (${testDriver})`, () => {
  it('answers 401 without a session and 404 to people of other projects and unknown apps', async () => {
    const { base } = await community();
    expect((await call('GET', `${base}/profiles`)).statusCode).toBe(401);
    const stranger = await outsider();
    expect((await call('GET', `${base}/profiles`, stranger.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/apps/${newId()}/profiles`, stranger.auth)).statusCode).toBe(404);
  });

  it('answers 400 for bad filters', async () => {
    const { base, owner } = await community();
    for (const query of [
      'tagIds=nope',
      'createdFrom=2024-13-01',
      'createdTo=01.02.2024',
      'role=owner',
      'invited=maybe',
      'page=0',
      `spaceIds=${Array.from({ length: 101 }, () => newId()).join(',')}`,
    ]) {
      const response = await call('GET', `${base}/profiles?${query}`, owner.auth);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 403 to a blocked member and to a plain member using the admins’ filters', async () => {
    const { base, owner, join } = await community();
    const member = await join();
    expect((await call('GET', `${base}/profiles?tagIds=${newId()}`, member.auth)).statusCode).toBe(403);
    expect((await call('GET', `${base}/profiles?invited=true`, member.auth)).statusCode).toBe(403);
    expect((await call('GET', `${base}/profiles?search=a`, member.auth)).statusCode).toBe(200);
    const block = await call('PATCH', `/api/profiles/${member.profileId}`, owner.auth, { isBlocked: true });
    expect(block.statusCode).toBe(200);
    expect((await call('GET', `${base}/profiles`, member.auth)).statusCode).toBe(403);
  });

  it('lists newest first with counts by type; admins see e-mails and invited people, members do not', async () => {
    const { base, owner, join } = await community();
    const moderator = await join('moderator');
    const invited = await join('invited');
    const member = await join('member');

    const asOwner = (await call('GET', `${base}/profiles`, owner.auth)).json<MemberList>();
    expect(asOwner.meta).toEqual({
      page: 1,
      pages: 1,
      total: 4,
      counts: { member: 1, invited: 1, moderator: 1, admin: 1 },
    });
    expect(asOwner.data.map((item) => item.id)).toEqual([
      member.profileId,
      invited.profileId,
      moderator.profileId,
      owner.profileId,
    ]);
    const memberItem = asOwner.data[0]!;
    expect(memberItem).toMatchObject({
      accountId: member.accountId,
      email: member.email,
      type: 'member',
      isOwner: false,
      tags: [],
      punishedUntil: null,
    });
    expect(memberItem.permissions.can.sort()).toEqual(
      ['delete', 'edit', 'masquerade', 'moderate', 'view_general', 'follow'].sort(),
    );
    const ownerItem = asOwner.data[3]!;
    expect(ownerItem.isOwner).toBe(true);
    expect(ownerItem.permissions.can).not.toContain('delete');
    expect(ownerItem.permissions.can).not.toContain('follow');
    expect(asOwner.data[1]!.permissions.can).toContain('resend_invitation');

    const asMember = (await call('GET', `${base}/profiles`, member.auth)).json<MemberList>();
    expect(asMember.meta.counts).toEqual({ member: 1, invited: 0, moderator: 1, admin: 1 });
    expect(asMember.data.map((item) => item.id)).not.toContain(invited.profileId);
    expect(asMember.data.every((item) => item.email === null)).toBe(true);
    const ownerSeenByMember = asMember.data.find((item) => item.id === owner.profileId)!;
    expect(ownerSeenByMember.permissions.can).toEqual(['follow']);

    // The moderator sees e-mails and invited people, and may moderate members only.
    const asModerator = (await call('GET', `${base}/profiles`, moderator.auth)).json<MemberList>();
    expect(asModerator.meta.total).toBe(4);
    const memberForModerator = asModerator.data.find((item) => item.id === member.profileId)!;
    expect(memberForModerator.email).toBe(member.email);
    expect(memberForModerator.permissions.can.sort()).toEqual(['follow', 'moderate']);
    expect(asModerator.data.find((item) => item.id === owner.profileId)!.permissions.can).toEqual(['follow']);
  });

  it('filters by role, invited, tags, search and creation day; counts ignore only the role', async () => {
    const { app, base, owner, join } = await community();
    const db = server.runtime.database.db;
    const anna = await join('member', { firstName: 'Anna', lastName: 'Schmidt' });
    const bernd = await join('moderator', { firstName: 'Bernd', lastName: 'Anders' });
    const clara = await join('invited', { firstName: 'Clara', lastName: 'Zeh' });
    const tag = await createTag(server, app, { name: 'Kurs A' });
    await call('PATCH', `/api/profiles/${anna.profileId}`, owner.auth, { tagIds: [tag.id] });
    await db
      .update(profiles)
      .set({ createdAt: new Date('2024-03-01T10:00:00Z') })
      .where(eq(profiles.id, bernd.profileId));

    const list = async (query: string) =>
      (await call('GET', `${base}/profiles?${query}`, owner.auth)).json<MemberList>();
    const ids = (result: MemberList) => result.data.map((item) => item.id).sort();

    const moderators = await list('role=moderator');
    expect(ids(moderators)).toEqual([bernd.profileId]);
    expect(moderators.meta.total).toBe(1);
    expect(moderators.meta.counts).toEqual({ member: 1, invited: 1, moderator: 1, admin: 1 });

    expect(ids(await list('invited=true'))).toEqual([clara.profileId]);
    expect((await list('invited=false')).meta.counts.invited).toBe(0);
    expect(ids(await list(`tagIds=${tag.id}`))).toEqual([anna.profileId]);
    expect(ids(await list('search=ANDERS'))).toEqual([bernd.profileId]);
    expect(ids(await list('search=anna%20schm'))).toEqual([anna.profileId]);
    expect(ids(await list(`search=${encodeURIComponent(clara.email.toUpperCase())}`))).toEqual([
      clara.profileId,
    ]);
    // A moderator finds people by e-mail, a plain member does not.
    const byMail = await call('GET', `${base}/profiles?search=${encodeURIComponent(anna.email)}`, bernd.auth);
    expect(byMail.json<MemberList>().data.map((item) => item.id)).toEqual([anna.profileId]);
    const memberView = await join();
    const mailSearch = await call(
      'GET',
      `${base}/profiles?search=${encodeURIComponent(anna.email)}`,
      memberView.auth,
    );
    expect(mailSearch.json<MemberList>().meta.total).toBe(0);

    expect(ids(await list('createdFrom=2024-03-01&createdTo=2024-03-01'))).toEqual([bernd.profileId]);
    expect((await list('createdTo=2024-02-29')).meta.total).toBe(0);
    // Percent signs are searched literally.
    expect((await list('search=%25')).meta.total).toBe(0);
  });

  it('refuses filters over plans, courses, events and chats until they exist', async () => {
    const { base, owner, join } = await community();
    await join();
    for (const key of ['accessPlanIds', 'courseCategoryIds', 'courseIds', 'eventGroupIds', 'chatIds']) {
      const refused = await call('GET', `${base}/profiles?${key}=${newId()}`, owner.auth);
      expect(refused.statusCode, key).toBe(400);
      expect(refused.json(), key).toMatchObject({
        code: 'FEATURE_NOT_AVAILABLE',
        message: 'errors.FEATURE_NOT_AVAILABLE',
        errors: { [key]: 'validation.invalidValue' },
      });
      // An empty filter matches as if it were absent.
      const empty = await call('GET', `${base}/profiles?${key}=`, owner.auth);
      expect(empty.statusCode, key).toBe(200);
      expect(empty.json<MemberList>().meta.total, key).toBe(2);
    }
  });

  it('pages 20 at a time and stays fast with 10,000 members', async () => {
    const { app, base, owner } = await community();
    const db = server.runtime.database.db;
    const total = 10_000;
    const start = Date.now() - total * 1000;
    for (let offset = 0; offset < total; offset += 500) {
      const batch = Array.from({ length: Math.min(500, total - offset) }, (_, index) => {
        const n = offset + index;
        return {
          id: newId(),
          email: `bulk-${n}-${app.id}@beispiel.de`,
          firstName: `Vorname${n}`,
          lastName: 'Masse',
        };
      });
      await db.insert(accounts).values(batch);
      await db.insert(profiles).values(
        batch.map((account, index) => ({
          id: newId(),
          projectId: app.projectId,
          appId: app.id,
          accountId: account.id,
          type: (offset + index) % 10 === 0 ? ('invited' as const) : ('member' as const),
          createdAt: new Date(start + (offset + index) * 1000),
        })),
      );
    }
    const began = performance.now();
    const first = (await call('GET', `${base}/profiles`, owner.auth)).json<MemberList>();
    const last = (await call('GET', `${base}/profiles?page=501`, owner.auth)).json<MemberList>();
    const searched = (
      await call('GET', `${base}/profiles?search=vorname9999`, owner.auth)
    ).json<MemberList>();
    const elapsed = performance.now() - began;
    expect(first.data).toHaveLength(20);
    expect(first.meta).toMatchObject({ page: 1, pages: 501, total: 10_001 });
    expect(first.meta.counts).toEqual({ member: 9000, invited: 1000, moderator: 0, admin: 1 });
    expect(first.data[0]!.id).toBe(owner.profileId);
    expect(first.data[1]!.firstName).toBe('Vorname9999');
    expect(last.data).toHaveLength(1);
    expect(searched.meta.total).toBe(1);
    console.info(`3 list calls over 10,000 members: ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(3000);
  });
});

describe(`GET /apps/{appId}/profiles/dropdown (${testDriver})`, () => {
  it('answers 401, 404 for other projects and 400 for bad ids', async () => {
    const { base, owner } = await community();
    expect((await call('GET', `${base}/profiles/dropdown`)).statusCode).toBe(401);
    expect((await call('GET', `${base}/profiles/dropdown`, (await outsider()).auth)).statusCode).toBe(404);
    expect((await call('GET', `${base}/profiles/dropdown?ids=x`, owner.auth)).statusCode).toBe(400);
  });

  it('lists 15 per page by name, searches, and answers the given ids', async () => {
    const { base, owner, join } = await community();
    const people: Person[] = [];
    for (let n = 0; n < 16; n += 1) {
      people.push(await join('member', { firstName: `Person${String(n).padStart(2, '0')}`, lastName: 'X' }));
    }
    const page1 = (await call('GET', `${base}/profiles/dropdown`, owner.auth)).json();
    expect(page1.data).toHaveLength(15);
    expect(page1.meta).toEqual({ page: 1, pages: 2, total: 17 });
    expect(Object.keys(page1.data[0]).sort()).toEqual(['avatarId', 'firstName', 'id', 'lastName', 'type']);
    const search = (await call('GET', `${base}/profiles/dropdown?search=person03`, owner.auth)).json();
    expect(search.data.map((item: { id: string }) => item.id)).toEqual([people[3]!.profileId]);
    const byIds = (
      await call(
        'GET',
        `${base}/profiles/dropdown?ids=${people[1]!.profileId},${people[2]!.profileId}`,
        owner.auth,
      )
    ).json();
    expect(byIds.meta.total).toBe(2);
    // Only the blocked lose the list.
    const member = await join();
    expect((await call('GET', `${base}/profiles/dropdown`, member.auth)).statusCode).toBe(200);
  });
});

describe(`GET, PATCH, DELETE /profiles/{id} (${testDriver})`, () => {
  it('answers 401 without a session and 404 to other projects and unknown ids', async () => {
    const { join } = await community();
    const member = await join();
    const stranger = await outsider();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { isBlocked: true }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(method, `/api/profiles/${member.profileId}`, undefined, payload)).statusCode).toBe(
        401,
      );
      expect(
        (await call(method, `/api/profiles/${member.profileId}`, stranger.auth, payload)).statusCode,
      ).toBe(404);
      expect((await call(method, `/api/profiles/${newId()}`, stranger.auth, payload)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/profiles/${member.profileId}`, member.auth)).statusCode).toBe(200);
  });

  it('hides invited people from plain members (404) and shows them to admins', async () => {
    const { owner, join } = await community();
    const invited = await join('invited');
    const member = await join();
    expect((await call('GET', `/api/profiles/${invited.profileId}`, member.auth)).statusCode).toBe(404);
    const seen = await call('GET', `/api/profiles/${invited.profileId}`, owner.auth);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ data: Member }>().data).toMatchObject({ type: 'invited', email: invited.email });
  });

  it('answers 400 for bad admin form input', async () => {
    const { owner, join } = await community();
    const member = await join();
    for (const payload of [
      { type: 'owner' },
      { type: 'invited' },
      { tagIds: ['x'] },
      { tagIds: [newId()] },
      { punishedUntil: 'tomorrow' },
      { punishedUntil: '2020-01-01T00:00:00Z' },
      { isBlocked: 'yes' },
      { featureFlags: { canChat: 'no' } },
      { unknown: true },
    ]) {
      const response = await call('PATCH', `/api/profiles/${member.profileId}`, owner.auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses ids of plans until they exist and of groups and spaces the app lacks; empty lists are fine', async () => {
    const { owner, join } = await community();
    const member = await join();
    for (const key of ['moderatorGroupIds', 'moderatorSpaceIds', 'planIds']) {
      const refused = await call('PATCH', `/api/profiles/${member.profileId}`, owner.auth, {
        [key]: [newId()],
      });
      expect(refused.statusCode, key).toBe(400);
      expect(refused.json(), key).toMatchObject({
        code: key === 'planIds' ? 'FEATURE_NOT_AVAILABLE' : 'VALIDATION_FAILED',
        errors: { [key]: 'validation.invalidValue' },
      });
      const empty = await call('PATCH', `/api/profiles/${member.profileId}`, owner.auth, { [key]: [] });
      expect(empty.statusCode, key).toBe(200);
    }
  });

  it('lets admins edit type, tags and flags, and block and punish with the default tags', async () => {
    const { app, owner, join } = await community();
    const member = await join();
    const tag = await createTag(server, app, { name: 'VIP' });
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const response = await call('PATCH', `/api/profiles/${member.profileId}`, owner.auth, {
      type: 'moderator',
      tagIds: [tag.id],
      featureFlags: { canChat: false },
      moderatorSpaceIds: [],
      punishedUntil: until,
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json<{ data: Member }>().data;
    expect(edited.type).toBe('moderator');
    expect(edited.punishedUntil).toBe(until);
    expect(edited.tags.map((item) => item.kind ?? item.name).sort()).toEqual(['VIP', 'punished']);

    // The punished member reads but cannot follow; then blocked, the app is shut for them.
    const punishedAccess = await call('GET', `/api/profiles/${owner.profileId}/follow`, member.auth);
    expect(punishedAccess.statusCode).toBe(200);
    expect((await call('PATCH', `/api/profiles/${owner.profileId}/follow`, member.auth)).statusCode).toBe(
      403,
    );

    const lifted = await call('PATCH', `/api/profiles/${member.profileId}`, owner.auth, {
      punishedUntil: null,
      isBlocked: true,
    });
    const liftedData = lifted.json<{ data: Member }>().data;
    expect(liftedData.punishedUntil).toBeNull();
    expect(liftedData.tags.map((item) => item.kind ?? item.name).sort()).toEqual(['VIP', 'blocked']);
    expect((await call('GET', `/api/profiles/${owner.profileId}`, member.auth)).statusCode).toBe(403);

    // tagIds replaces the set, default tags included: leaving `blocked` out unblocks.
    const replaced = await call('PATCH', `/api/profiles/${member.profileId}`, owner.auth, { tagIds: [] });
    expect(replaced.json<{ data: Member }>().data.tags).toEqual([]);
    expect((await call('GET', `/api/profiles/${owner.profileId}`, member.auth)).statusCode).toBe(200);
  });

  it('lets moderators block and punish members only, and nothing else', async () => {
    const { app, owner, join } = await community();
    const moderator = await join('moderator');
    const member = await join();
    const admin = await join('admin');
    const tag = await createTag(server, app);
    const patch = (id: string, payload: object) =>
      call('PATCH', `/api/profiles/${id}`, moderator.auth, payload);
    expect((await patch(member.profileId, { isBlocked: true })).statusCode).toBe(200);
    expect((await patch(member.profileId, { tagIds: [tag.id] })).statusCode).toBe(403);
    expect((await patch(member.profileId, { type: 'admin' })).statusCode).toBe(403);
    expect((await patch(admin.profileId, { isBlocked: true })).statusCode).toBe(403);
    expect((await patch(moderator.profileId, { isBlocked: true })).statusCode).toBe(403);
    expect((await patch(owner.profileId, { isBlocked: true })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/profiles/${member.profileId}`, moderator.auth)).statusCode).toBe(403);
    const plain = await join();
    expect(
      (await call('PATCH', `/api/profiles/${member.profileId}`, plain.auth, { isBlocked: false })).statusCode,
    ).toBe(403);
  });

  it('locks the owner’s profile for everybody but the owner', async () => {
    const { owner, join } = await community();
    const admin = await join('admin');
    const patched = await call('PATCH', `/api/profiles/${owner.profileId}`, admin.auth, { featureFlags: {} });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().code).toBe('OWNER_LOCKED');
    expect((await call('DELETE', `/api/profiles/${owner.profileId}`, admin.auth)).json().code).toBe(
      'OWNER_LOCKED',
    );
    expect((await call('DELETE', `/api/profiles/${owner.profileId}`, owner.auth)).statusCode).toBe(409);
    expect(
      (await call('PATCH', `/api/profiles/${owner.profileId}`, owner.auth, { type: 'member' })).statusCode,
    ).toBe(409);
    expect(
      (await call('PATCH', `/api/profiles/${owner.profileId}`, owner.auth, { featureFlags: { beta: true } }))
        .statusCode,
    ).toBe(200);
  });

  it('removes a member: soft delete, sessions in the app end, the member is gone from the list', async () => {
    const { app, base, owner, join } = await community();
    const member = await join();
    const db = server.runtime.database.db;
    const sessionId = newId();
    await db.insert(sessions).values({
      id: sessionId,
      accountId: member.accountId,
      appId: app.id,
      isRemember: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const plain = await join();
    expect((await call('DELETE', `/api/profiles/${member.profileId}`, plain.auth)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/profiles/${owner.profileId}`, owner.auth)).statusCode).toBe(409);
    const removed = await call('DELETE', `/api/profiles/${member.profileId}`, owner.auth);
    expect(removed.statusCode).toBe(204);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, member.profileId));
    expect(row!.deletedAt).not.toBeNull();
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.revokedAt).not.toBeNull();
    expect((await call('GET', `/api/profiles/${member.profileId}`, owner.auth)).statusCode).toBe(404);
    const list = (await call('GET', `${base}/profiles`, owner.auth)).json<MemberList>();
    expect(list.data.map((item) => item.id)).not.toContain(member.profileId);
  });

  it('creates the default tags of an older app on demand', async () => {
    const { app, owner, join } = await community();
    const member = await join();
    const db = server.runtime.database.db;
    expect(await db.select().from(tags).where(eq(tags.appId, app.id))).toHaveLength(0);
    await call('PATCH', `/api/profiles/${member.profileId}`, owner.auth, { isBlocked: true });
    const kinds = (await db.select().from(tags).where(eq(tags.appId, app.id))).map((row) => row.kind).sort();
    expect(kinds).toEqual(['blocked', 'punished']);
  });
});

describe(`GET /profiles/{id}/posts (${testDriver})`, () => {
  it('answers 401, 404 for other projects, 400 for a bad page, and the member’s posts', async () => {
    const { owner, join } = await community();
    const member = await join();
    expect((await call('GET', `/api/profiles/${member.profileId}/posts`)).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/profiles/${member.profileId}/posts`, (await outsider()).auth)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/profiles/${member.profileId}/posts?page=x`, owner.auth)).statusCode).toBe(
      400,
    );
    // Without posts an empty page; the posts and their visibility: community/feed.test.ts.
    const posts = await call('GET', `/api/profiles/${member.profileId}/posts`, owner.auth);
    expect(posts.statusCode).toBe(200);
    expect(posts.json()).toEqual({ data: [], meta: { page: 1, pages: 0, total: 0 } });
  });
});

describe(`/profiles/{id}/follow (${testDriver})`, () => {
  it('answers 401, 404 for other projects and unknown ids, 400 for oneself', async () => {
    const { join } = await community();
    const member = await join();
    const stranger = await outsider();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect((await call(method, `/api/profiles/${member.profileId}/follow`)).statusCode).toBe(401);
      expect((await call(method, `/api/profiles/${member.profileId}/follow`, stranger.auth)).statusCode).toBe(
        404,
      );
      expect((await call(method, `/api/profiles/${newId()}/follow`, member.auth)).statusCode).toBe(404);
    }
    expect((await call('PATCH', `/api/profiles/${member.profileId}/follow`, member.auth)).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', `/api/profiles/${member.profileId}/follow`, member.auth)).statusCode).toBe(
      400,
    );
  });

  it('follows and unfollows, with counts', async () => {
    const { owner, join } = await community();
    const anna = await join();
    const ben = await join();
    const url = `/api/profiles/${anna.profileId}/follow`;
    expect((await call('GET', url, ben.auth)).json()).toEqual({
      data: { isFollowing: false, followersCount: 0, followingCount: 0 },
    });
    expect((await call('PATCH', url, ben.auth)).json().data).toEqual({
      isFollowing: true,
      followersCount: 1,
      followingCount: 0,
    });
    // Twice is still once.
    await call('PATCH', url, ben.auth);
    await call('PATCH', url, owner.auth);
    expect((await call('GET', url, ben.auth)).json().data.followersCount).toBe(2);
    expect((await call('GET', `/api/profiles/${ben.profileId}/follow`, anna.auth)).json().data).toEqual({
      isFollowing: false,
      followersCount: 0,
      followingCount: 1,
    });
    expect((await call('DELETE', url, ben.auth)).statusCode).toBe(204);
    expect((await call('GET', url, ben.auth)).json().data).toEqual({
      isFollowing: false,
      followersCount: 1,
      followingCount: 0,
    });
    // Invited people are not followed.
    const invited = await join('invited');
    expect((await call('PATCH', `/api/profiles/${invited.profileId}/follow`, owner.auth)).statusCode).toBe(
      403,
    );
  });
});
