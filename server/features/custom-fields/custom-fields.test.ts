import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFields, profiles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile, createCustomField } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
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
  const member = await signUp(server);
  const memberProfile = await addProfile(server, app, member.account, 'member');
  return { owner, member, memberProfile, app, base: `/api/apps/${app.id}/custom-fields` };
}

const labelsOf = async (base: string, token: string) =>
  (await call('GET', base, token)).json<{ data: { label: string }[] }>().data.map((field) => field.label);

describe(`custom fields (${testDriver})`, () => {
  it('answers 401 without a session and 404 to people outside the app', async () => {
    const { app, base, owner } = await appWithPeople();
    const field = await createCustomField(server, app);
    const calls: [Method, string, object?][] = [
      ['GET', base],
      ['POST', base, { type: 'text', label: 'Beruf' }],
      ['PATCH', `/api/custom-fields/${field.id}`, { label: 'Beruf' }],
      ['DELETE', `/api/custom-fields/${field.id}`],
      ['PATCH', `/api/custom-fields/${field.id}/move`, { prevId: null }],
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
    expect((await call('DELETE', `/api/custom-fields/${newId()}`, owner.accessToken)).statusCode).toBe(404);
  });

  it('creates fields in form order; members see them, only the app settings change them', async () => {
    const { owner, member, base, app } = await appWithPeople();
    const created = await call('POST', base, owner.accessToken, {
      type: 'select',
      label: ' Größe ',
      options: ['S', 'M', 'L'],
      validationRules: { required: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      type: 'select',
      label: 'Größe',
      options: ['S', 'M', 'L'],
      validationRules: { required: true, minLength: null, maxLength: null },
      permissions: { can: ['edit', 'delete', 'move'] },
    });
    await call('POST', base, owner.accessToken, {
      type: 'textarea',
      label: 'Über mich',
      validationRules: { minLength: 10, maxLength: 500 },
    });
    const seen = await call('GET', base, member.accessToken);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect(seen.json().data.map((field: { label: string }) => field.label)).toEqual(['Größe', 'Über mich']);
    expect(seen.json().data[1]).toMatchObject({
      validationRules: { required: false, minLength: 10, maxLength: 500 },
      permissions: { can: [] },
    });

    const id = created.json().data.id as string;
    expect((await call('POST', base, member.accessToken, { type: 'text', label: 'X' })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/custom-fields/${id}`, member.accessToken, { label: 'X' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/custom-fields/${id}`, member.accessToken)).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/custom-fields/${id}/move`, member.accessToken, { prevId: null })).statusCode,
    ).toBe(403);
    const moderator = await signUp(server);
    await addProfile(server, app, moderator.account, 'moderator');
    expect((await call('POST', base, moderator.accessToken, { type: 'text', label: 'X' })).statusCode).toBe(
      403,
    );
  });

  it('checks a definition as a whole: options for choices, length rules for texts', async () => {
    const { owner, base, app } = await appWithPeople();
    const errorsOf = async (payload: object): Promise<unknown> =>
      (await call('POST', base, owner.accessToken, payload)).json<{ errors?: unknown }>().errors;
    expect(await errorsOf({ type: 'colour', label: '' })).toEqual({
      type: 'validation.invalidValue',
      label: 'validation.required',
    });
    expect(await errorsOf({ type: 'multiselect', label: 'Hobbys' })).toEqual({
      options: 'validation.required',
    });
    expect(await errorsOf({ type: 'select', label: 'Größe', options: ['M', 'L', 'm'] })).toEqual({
      'options.2': 'validation.unique',
    });
    expect(await errorsOf({ type: 'number', label: 'Alter', options: ['1'] })).toEqual({
      options: 'validation.invalidValue',
    });
    expect(await errorsOf({ type: 'checkbox', label: 'AGB', validationRules: { maxLength: 5 } })).toEqual({
      'validationRules.maxLength': 'validation.invalidValue',
    });
    expect(
      await errorsOf({ type: 'text', label: 'Name', validationRules: { minLength: 9, maxLength: 3 } }),
    ).toEqual({
      'validationRules.minLength': 'validation.invalidValue',
    });
    expect(
      await errorsOf({ type: 'text', label: 'Name', validationRules: { maxLength: 2001, regex: '.*' } }),
    ).toEqual({
      'validationRules.maxLength': 'validation.maxNumber',
      'validationRules.regex': 'validation.unknownField',
    });
    const field = await createCustomField(server, app, { type: 'select', options: ['A', 'B'] });
    const patched = await call('PATCH', `/api/custom-fields/${field.id}`, owner.accessToken, { options: [] });
    expect(patched.json().errors).toEqual({ options: 'validation.required' });
    const move = await call('PATCH', `/api/custom-fields/${field.id}/move`, owner.accessToken, {
      prevId: 'x',
    });
    expect(move.json().errors).toEqual({ prevId: 'validation.invalidFormat' });
    for (const prevId of [field.id, newId()]) {
      const wrong = await call('PATCH', `/api/custom-fields/${field.id}/move`, owner.accessToken, { prevId });
      expect(wrong.json().errors).toEqual({ prevId: 'validation.invalidValue' });
    }
  });

  it('allows at most 50 fields per app', async () => {
    const { owner, base, app } = await appWithPeople();
    for (let index = 0; index < 49; index += 1) {
      await createCustomField(server, app, { position: index + 1 });
    }
    expect((await call('POST', base, owner.accessToken, { type: 'url', label: 'Website' })).statusCode).toBe(
      201,
    );
    const full = await call('POST', base, owner.accessToken, { type: 'url', label: 'Blog' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'CONFLICT', details: { limit: 50 } });
  });

  it('changes a field; a type change drops what no longer applies and clears the members’ values', async () => {
    const { owner, app, memberProfile } = await appWithPeople();
    const size = await createCustomField(server, app, {
      type: 'select',
      label: 'Größe',
      options: ['S', 'M'],
    });
    const text = await createCustomField(server, app, {
      type: 'text',
      label: 'Stadt',
      validationRules: { maxLength: 50 },
    });
    const db = server.runtime.database.db;
    await db
      .update(profiles)
      .set({ customFields: { [size.id]: 'M', [text.id]: 'Köln' } })
      .where(eq(profiles.id, memberProfile.id));

    const relabelled = await call('PATCH', `/api/custom-fields/${size.id}`, owner.accessToken, {
      label: 'Shirt',
      options: ['S', 'M', 'XL'],
      validationRules: { required: true },
    });
    expect(relabelled.json().data).toMatchObject({
      label: 'Shirt',
      options: ['S', 'M', 'XL'],
      validationRules: { required: true },
    });
    // Length rules merge key by key; null clears one.
    const rules = await call('PATCH', `/api/custom-fields/${text.id}`, owner.accessToken, {
      validationRules: { minLength: 2, maxLength: null },
    });
    expect(rules.json().data.validationRules).toEqual({ required: false, minLength: 2, maxLength: null });

    const retyped = await call('PATCH', `/api/custom-fields/${size.id}`, owner.accessToken, {
      type: 'number',
    });
    expect(retyped.json().data).toMatchObject({
      type: 'number',
      options: [],
      validationRules: { required: true },
    });
    const [row] = await db.select().from(profiles).where(eq(profiles.id, memberProfile.id));
    expect(row!.customFields).toEqual({ [text.id]: 'Köln' });
  });

  it('deletes a field together with every member’s value of it', async () => {
    const { owner, app, memberProfile, base } = await appWithPeople();
    const gone = await createCustomField(server, app, { label: 'Weg' });
    const stays = await createCustomField(server, app, { label: 'Bleibt' });
    const db = server.runtime.database.db;
    await db
      .update(profiles)
      .set({ customFields: { [gone.id]: 'a', [stays.id]: 'b' } })
      .where(eq(profiles.id, memberProfile.id));
    expect((await call('DELETE', `/api/custom-fields/${gone.id}`, owner.accessToken)).statusCode).toBe(204);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, memberProfile.id));
    expect(row!.customFields).toEqual({ [stays.id]: 'b' });
    expect(await labelsOf(base, owner.accessToken)).toEqual(['Bleibt']);
  });

  it('moves fields after prevId, to the top with null, and renumbers when positions get too close', async () => {
    const { owner, app, base } = await appWithPeople();
    const first = await createCustomField(server, app, { label: 'A', position: 1 });
    const second = await createCustomField(server, app, { label: 'B', position: 2 });
    const third = await createCustomField(server, app, { label: 'C', position: 3 });
    const move = (id: string, prevId: string | null) =>
      call('PATCH', `/api/custom-fields/${id}/move`, owner.accessToken, { prevId });
    expect((await move(third.id, null)).json().data.label).toBe('C');
    expect(await labelsOf(base, owner.accessToken)).toEqual(['C', 'A', 'B']);
    await move(third.id, second.id);
    expect(await labelsOf(base, owner.accessToken)).toEqual(['A', 'B', 'C']);
    // Halving the gap after A 41 times would exhaust a double; renumbering keeps order.
    for (let round = 0; round < 41; round += 1) {
      await move(round % 2 === 0 ? third.id : second.id, first.id);
    }
    expect(await labelsOf(base, owner.accessToken)).toEqual(['A', 'C', 'B']);
    const positions = (
      await server.runtime.database.db.select().from(customFields).where(eq(customFields.appId, app.id))
    )
      .map((field) => field.position)
      .sort((x, y) => x - y);
    expect(positions[1]! - positions[0]!).toBeGreaterThan(1e-7);
  });
});
