import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, communityPosts } from '../../db/schema/index.ts';
import { randomToken } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import {
  communityApp,
  communityCaller,
  type CommunityApp,
  type Person,
} from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
const categoriesUrl = (tenant: CommunityApp) => `/api/apps/${tenant.app.id}/communities/categories`;

async function setUp() {
  const tenant = await communityApp(server);
  await tenant.enableCommunities();
  return tenant;
}

const create = async (tenant: CommunityApp, body: object) => {
  const response = await call('POST', categoriesUrl(tenant), tenant.owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string; slug: string; name: string } }>().data;
};
const namesOf = async (tenant: CommunityApp, who: Person | CommunityApp['owner'] = tenant.owner) =>
  (await call('GET', categoriesUrl(tenant), who))
    .json<{ data: { name: string }[] }>()
    .data.map((c) => c.name);

describe(`communities categories (${testDriver})`, () => {
  it('answers 401 without a session, 404 to other projects, 403 without the ability', async () => {
    const tenant = await setUp();
    const category = await create(tenant, { name: 'Allgemein' });
    const writes: ['POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['PATCH', `/api/communities/categories/${category.id}`, { name: 'X' }],
      ['DELETE', `/api/communities/categories/${category.id}`],
      ['PATCH', `/api/communities/categories/${category.id}/move`, { prevId: null }],
    ];
    expect((await call('POST', categoriesUrl(tenant), undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('POST', categoriesUrl(tenant), tenant.member, { name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', categoriesUrl(tenant), tenant.moderator, { name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', categoriesUrl(tenant), tenant.stranger, { name: 'X' })).statusCode).toBe(403);
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, tenant.stranger, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, tenant.member, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Strangers and guests: the communities are not theirs to see (guests only when the app lets them in).
    expect((await call('GET', categoriesUrl(tenant), tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', `${categoriesUrl(tenant)}/${category.slug}`)).statusCode).toBe(404);
    await tenant.openToGuests();
    expect(await namesOf(tenant, undefined as unknown as Person)).toEqual(['Allgemein']);
    expect((await call('GET', `${categoriesUrl(tenant)}/nirgends`, tenant.member)).statusCode).toBe(404);
  });

  it('creates categories with slugs from their names and refuses bad input and taken slugs', async () => {
    const tenant = await setUp();
    const first = await call('POST', categoriesUrl(tenant), tenant.owner, { name: 'Grüße, Welt!!  2' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      name: 'Grüße, Welt!!  2',
      slug: 'gruesse-welt-2',
      position: 1,
      postsCount: 0,
      permissions: { can: ['view', 'create_post', 'create_scheduled_post', 'edit', 'delete', 'move'] },
    });
    expect((await create(tenant, { name: 'Grüße Welt 2' })).slug).toBe('gruesse-welt-2-2');
    expect((await create(tenant, { name: '!!!' })).slug).toBe('kategorie');
    const errorsOf = async (payload: object) =>
      (await call('POST', categoriesUrl(tenant), tenant.owner, payload)).json<{ errors?: unknown }>().errors;
    expect(await errorsOf({})).toEqual({ name: 'validation.required' });
    expect(await errorsOf({ name: 'A', slug: 'a b' })).toEqual({ slug: 'validation.allowedSymbols.slug' });
    expect(await errorsOf({ name: 'A', slug: 'x'.repeat(101) })).toEqual({
      slug: 'validation.validateMaxLength',
    });
    const taken = await call('POST', categoriesUrl(tenant), tenant.owner, { name: 'A', slug: 'kategorie' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: { slug: 'validation.slugTaken' } });

    const renamed = await call('PATCH', `/api/communities/categories/${first.json().data.id}`, tenant.owner, {
      name: 'Hallo',
    });
    // A new name keeps the address.
    expect(renamed.json().data).toMatchObject({ name: 'Hallo', slug: 'gruesse-welt-2' });
    const moved = await call('PATCH', `/api/communities/categories/${first.json().data.id}`, tenant.owner, {
      slug: 'kategorie',
    });
    expect(moved.statusCode).toBe(409);
    const bySlug = await call('GET', `${categoriesUrl(tenant)}/gruesse-welt-2`, tenant.member);
    expect(bySlug.json().data).toMatchObject({
      name: 'Hallo',
      permissions: { can: ['view', 'create_post'] },
    });
  });

  it('orders categories by moves after prevId and pages them by 100', async () => {
    const tenant = await setUp();
    const [a, b, c] = [
      await create(tenant, { name: 'A' }),
      await create(tenant, { name: 'B' }),
      await create(tenant, { name: 'C' }),
    ];
    const move = (id: string, prevId: string | null) =>
      call('PATCH', `/api/communities/categories/${id}/move`, tenant.owner, { prevId });
    expect((await move(c.id, null)).json().data.name).toBe('C');
    expect(await namesOf(tenant)).toEqual(['C', 'A', 'B']);
    await move(c.id, a.id);
    expect(await namesOf(tenant, tenant.member)).toEqual(['A', 'C', 'B']);
    expect((await move(a.id, a.id)).json().errors).toEqual({ prevId: 'validation.invalidValue' });
    const elsewhere = await setUp();
    const foreign = await create(elsewhere, { name: 'F' });
    expect((await move(a.id, foreign.id)).json().errors).toEqual({ prevId: 'validation.invalidValue' });
    expect((await move(b.id, 'x')).statusCode).toBe(400);

    const page = await call('GET', `${categoriesUrl(tenant)}?limit=2&page=2`, tenant.owner);
    expect(page.json().meta).toEqual({ page: 2, pages: 2, total: 3 });
    expect(page.json().data.map((row: { name: string }) => row.name)).toEqual(['B']);
    expect((await call('GET', `${categoriesUrl(tenant)}?limit=101`, tenant.owner)).statusCode).toBe(400);
    expect((await call('GET', categoriesUrl(tenant), tenant.owner)).json().meta).toEqual({
      page: 1,
      pages: 1,
      total: 3,
    });
  });

  it('hides the communities from members while the service is off, and from blocked members', async () => {
    const tenant = await communityApp(server);
    await create(tenant, { name: 'Intern' });
    expect((await call('GET', categoriesUrl(tenant), tenant.member)).statusCode).toBe(404);
    // The managers may switch it on again, so they keep seeing it.
    expect(await namesOf(tenant)).toEqual(['Intern']);
    await tenant.enableCommunities();
    expect(await namesOf(tenant, tenant.member)).toEqual(['Intern']);
    await tenant.sanction(tenant.member, 'blocked');
    expect((await call('GET', categoriesUrl(tenant), tenant.member)).statusCode).toBe(403);
  });

  it('deletes a category with its posts and their comments, and lists who writes in the communities', async () => {
    const tenant = await setUp();
    const [kept, gone] = [await create(tenant, { name: 'Bleibt' }), await create(tenant, { name: 'Geht' })];
    const { db } = tenant;
    const post = (categoryId: string, author: Person, published = true) => ({
      id: newId(),
      appId: tenant.app.id,
      container: 'communities' as const,
      categoryId,
      authorProfileId: author.profileId,
      name: 'Beitrag',
      slug: `beitrag-${newId()}`,
      shareHash: randomToken(16),
      publishedAt: published ? new Date() : null,
    });
    const rows = [
      post(kept.id, tenant.member),
      post(kept.id, tenant.member),
      post(kept.id, tenant.other),
      post(kept.id, tenant.moderator, false),
      post(gone.id, tenant.other),
    ];
    await db.insert(communityPosts).values(rows);
    await db.insert(comments).values({
      id: newId(),
      appId: tenant.app.id,
      entityType: 'communities_post',
      entityId: rows[4]!.id,
      authorProfileId: tenant.member.profileId,
      bodyHtml: '<p>Weg damit</p>',
    });

    const profiles = await call('GET', `/api/apps/${tenant.app.id}/communities/profiles`, tenant.member);
    expect(profiles.statusCode).toBe(200);
    expect(profiles.json()).toEqual({
      data: [
        { id: tenant.member.profileId, firstName: 'Ben', lastName: 'Test', avatarUrl: null, postsCount: 2 },
        { id: tenant.other.profileId, firstName: 'Ben', lastName: 'Test', avatarUrl: null, postsCount: 2 },
      ],
      meta: { page: 1, pages: 1, total: 2 },
    });
    expect((await call('GET', `/api/apps/${tenant.app.id}/communities/profiles`)).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/apps/${tenant.app.id}/communities/profiles`, tenant.stranger)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/apps/${tenant.app.id}/communities/profiles?page=0`, tenant.member)).statusCode,
    ).toBe(400);

    expect((await call('DELETE', `/api/communities/categories/${gone.id}`, tenant.owner)).statusCode).toBe(
      204,
    );
    expect(await namesOf(tenant)).toEqual(['Bleibt']);
    const left = await db
      .select({ id: communityPosts.id })
      .from(communityPosts)
      .where(
        inArray(
          communityPosts.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left).toHaveLength(4);
    expect(await db.select().from(comments).where(eq(comments.entityId, rows[4]!.id))).toEqual([]);
    const after = await call('GET', `/api/apps/${tenant.app.id}/communities/profiles`, tenant.member);
    expect(after.json().data.map((row: { postsCount: number }) => row.postsCount)).toEqual([2, 1]);
  });
});
