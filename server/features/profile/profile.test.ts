import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { caller, latestCodeFor, signUp, uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { addProfile, createAppWithProfile, createCustomField } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'PATCH' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  caller(server).request({ method, url, token, ...(payload ? { payload } : {}) });

/** A signed-up person with a member profile in a fresh app of a fresh project. */
async function member(options: { password?: string; as?: 'member' | 'owner' } = {}) {
  const session = await signUp(server, options.password ? { password: options.password } : {});
  const { app, profile, project } = await createAppWithProfile(server, session.account, {
    as: options.as ?? 'member',
  });
  return { ...session, app, profile, project, base: `/api/apps/${app.id}` };
}

/** Every profile call with a body that passes validation, so only membership decides the answer. */
const profileCalls = (appId: string): [Method, string, object?][] => [
  ['GET', `/api/apps/${appId}/profile`],
  ['PATCH', `/api/apps/${appId}/profile`, { bio: 'x' }],
  ['PATCH', `/api/apps/${appId}/profile/contact`, { field: 'email', value: uniqueEmail() }],
  [
    'PATCH',
    `/api/apps/${appId}/profile/contact/confirm`,
    { field: 'email', login: uniqueEmail(), code: '123456' },
  ],
  ['POST', `/api/apps/${appId}/profile/delete/confirm/send`],
  ['POST', `/api/apps/${appId}/profile/delete`, { code: '123456' }],
  ['GET', `/api/apps/${appId}/profile/notifications`],
  ['PATCH', `/api/apps/${appId}/profile/notifications`, { isPushEnabled: false }],
  ['POST', `/api/apps/${appId}/logout`, {}],
  ['POST', `/api/apps/${appId}/tokens`, { token: 'push-token', deviceId: 'device-1' }],
];

describe(`profile (${testDriver})`, () => {
  it('answers 401 to every profile call without a session', async () => {
    const anna = await member();
    for (const [method, url, payload] of profileCalls(anna.app.id)) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 to a person without a profile in the app, a member of another app, and an unknown app', async () => {
    const anna = await member();
    const outsider = await signUp(server);
    const otherMember = await member();
    for (const token of [outsider.accessToken, otherMember.accessToken]) {
      for (const appId of [anna.app.id, newId()]) {
        for (const [method, url, payload] of profileCalls(appId)) {
          const response = await call(method, url, token, payload);
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
        }
      }
    }
    // Nothing changed for Anna.
    expect((await call('GET', `${anna.base}/profile`, anna.accessToken)).json()).toMatchObject({
      bio: '',
      notifications: { isPushEnabled: true },
    });
  });

  it('shows the caller’s own profile with account fields and permissions', async () => {
    const anna = await member({ password: 'Anna-Passwort-1' });
    const response = await call('GET', `${anna.base}/profile`, anna.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: anna.profile.id,
      appId: anna.app.id,
      type: 'member',
      isOwner: false,
      isPasswordSet: true,
      firstName: 'Anna',
      lastName: 'Beispiel',
      email: anna.email,
      timezone: null,
      language: null,
      avatarId: null,
      coverId: null,
      avatarUrl: null,
      coverUrl: null,
      bio: '',
      location: '',
      phone: '',
      social: { website: '', facebook: '', instagram: '', linkedin: '', x: '', youtube: '', tiktok: '' },
      customFields: {},
      privacy: { showEmail: false, showPhone: false, showLocation: false },
      darkMode: false,
      notifications: {
        isPushEnabled: true,
        isEmailEnabled: true,
        emailActions: ['new_post', 'post_like', 'new_comment', 'mentions', 'event_starts', 'new_message'],
        pushActions: ['new_post', 'post_like', 'new_comment', 'mentions', 'event_starts', 'new_message'],
        emailDigest: 'weekly',
      },
      permissions: { can: ['edit', 'delete'] },
    });
    const owner = await member({ as: 'owner' });
    expect((await call('GET', `${owner.base}/profile`, owner.accessToken)).json()).toMatchObject({
      type: 'admin',
      isOwner: true,
      isPasswordSet: false,
      permissions: { can: ['edit'] },
    });
  });

  it('refuses bad profile input with validation keys', async () => {
    const anna = await member();
    expect((await call('GET', '/api/apps/not-a-uuid/profile', anna.accessToken)).json().errors).toEqual({
      appId: 'validation.invalidFormat',
    });
    const bad = await call('PATCH', `${anna.base}/profile`, anna.accessToken, {
      firstName: '',
      bio: 'x'.repeat(2001),
      phone: 'call me',
      social: { website: 'not a link', myspace: 'https://myspace.com/anna' },
      avatarId: 'nope',
      language: 'fr',
      darkMode: 'yes',
      email: 'neu@beispiel.de',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        firstName: 'validation.required',
        bio: 'validation.validateMaxLength',
        phone: 'validation.invalidFormat',
        'social.website': 'validation.url',
        'social.myspace': 'validation.unknownField',
        avatarId: 'validation.invalidFormat',
        language: 'validation.invalidValue',
        darkMode: 'validation.invalidType',
        email: 'validation.unknownField',
      },
    });
    // Passwords change through PATCH /user/password only.
    const password = await call('PATCH', `${anna.base}/profile`, anna.accessToken, {
      password: 'Geheim-123',
      passwordConfirmation: 'Geheim-123',
    });
    expect(password.json().errors).toEqual({ password: 'validation.unknownField' });
    const zone = await call('PATCH', `${anna.base}/profile`, anna.accessToken, { timezone: 'Mars/Olympus' });
    expect(zone.json().errors).toEqual({ timezone: 'validation.invalidValue' });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`field${index}`, 'x']));
    expect(
      (await call('PATCH', `${anna.base}/profile`, anna.accessToken, { customFields: tooMany })).json()
        .errors,
    ).toEqual({ customFields: 'validation.validateMaxLength' });
  });

  it('accepts custom field values only for the app’s fields, of their type and within their rules', async () => {
    const anna = await member();
    const size = await createCustomField(server, anna.app, {
      type: 'select',
      options: ['S', 'M'],
      validationRules: { required: true },
    });
    const city = await createCustomField(server, anna.app, {
      type: 'text',
      validationRules: { minLength: 3 },
    });
    const age = await createCustomField(server, anna.app, { type: 'number' });
    const elsewhere = await createCustomField(server, (await createAppWithProfile(server, anna.account)).app);
    const patch = (customFields: object) =>
      call('PATCH', `${anna.base}/profile`, anna.accessToken, { customFields, bio: 'geändert' });

    const bad = await patch({
      [size.id]: 'XL',
      [city.id]: 'Ko',
      [age.id]: 'zwölf',
      [elsewhere.id]: 'x',
      free: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      [`customFields.${size.id}`]: 'validation.invalidValue',
      [`customFields.${city.id}`]: 'validation.validateMinLength',
      [`customFields.${age.id}`]: 'validation.notNumber',
      [`customFields.${elsewhere.id}`]: 'validation.unknownField',
      'customFields.free': 'validation.unknownField',
    });
    // A required field must be filled whenever custom fields are saved.
    expect((await patch({ [city.id]: 'Köln' })).json().errors).toEqual({
      [`customFields.${size.id}`]: 'validation.required',
    });
    // Nothing was saved by the refused requests.
    expect((await call('GET', `${anna.base}/profile`, anna.accessToken)).json()).toMatchObject({
      bio: '',
      customFields: {},
    });
    const saved = await patch({ [size.id]: 'M', [city.id]: ' Köln ', [age.id]: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().customFields).toEqual({ [size.id]: 'M', [city.id]: 'Köln', [age.id]: 0 });
    expect((await patch({ [size.id]: null })).json().errors).toEqual({
      [`customFields.${size.id}`]: 'validation.required',
    });
    expect((await patch({ [city.id]: '', [age.id]: null })).json().customFields).toEqual({ [size.id]: 'M' });
  });

  it('updates the member profile: names on the account, the rest in this app only', async () => {
    const anna = await member();
    const other = await createAppWithProfile(server, anna.account);
    const db = server.runtime.database.db;
    const person = { projectId: anna.project.id, ownerAccountId: anna.account.id };
    const photo = await insertCloudFile(db, {
      ...person,
      type: 'image',
      name: 'ich.png',
      hiddenInCloud: true,
    });
    const avatarId = photo.id;
    const shirtSize = await createCustomField(server, anna.app, { type: 'select', options: ['S', 'M'] });
    const newsletter = await createCustomField(server, anna.app, { type: 'checkbox' });
    const hobbies = await createCustomField(server, anna.app, {
      type: 'multiselect',
      options: ['Backen', 'Laufen', 'Lesen'],
    });
    const response = await call('PATCH', `${anna.base}/profile`, anna.accessToken, {
      firstName: ' Anne ',
      timezone: 'America/New_York',
      language: 'en',
      bio: 'Ich backe Brot.',
      location: 'Köln',
      phone: '+49 221 123456',
      social: { website: 'https://anna.example', instagram: 'https://instagram.com/anna' },
      customFields: { [shirtSize.id]: 'M', [newsletter.id]: true, [hobbies.id]: ['Backen', 'Laufen'] },
      privacy: { showLocation: true },
      darkMode: true,
      avatarId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Anne',
      lastName: 'Beispiel',
      timezone: 'America/New_York',
      language: 'en',
      bio: 'Ich backe Brot.',
      phone: '+49 221 123456',
      social: { website: 'https://anna.example', instagram: 'https://instagram.com/anna', x: '' },
      customFields: { [shirtSize.id]: 'M', [newsletter.id]: true, [hobbies.id]: ['Backen', 'Laufen'] },
      privacy: { showEmail: false, showLocation: true },
      darkMode: true,
      avatarId,
      coverId: null,
    });
    // The photo's address is signed, a tile of the picture.
    expect(response.json().avatarUrl).toMatch(
      new RegExp(`^/api/cloud/blobs/${avatarId}/tile\\?exp=\\d+&sig=`),
    );
    // Merged key by key: '' clears a link, null removes a custom field; null time zone = the account's again.
    const merged = await call('PATCH', `${anna.base}/profile`, anna.accessToken, {
      social: { website: '' },
      customFields: { [newsletter.id]: null },
      privacy: { showEmail: true },
      timezone: null,
      avatarId: null,
    });
    expect(merged.json()).toMatchObject({
      social: { website: '', instagram: 'https://instagram.com/anna' },
      customFields: { [shirtSize.id]: 'M', [hobbies.id]: ['Backen', 'Laufen'] },
      privacy: { showEmail: true, showLocation: true },
      timezone: null,
      avatarId: null,
    });
    // The other app's profile kept its own settings; the name is the account's everywhere.
    const elsewhere = await call('GET', `/api/apps/${other.app.id}/profile`, anna.accessToken);
    expect(elsewhere.json()).toMatchObject({ firstName: 'Anne', bio: '', darkMode: false, language: null });
    const identity = await call('GET', '/api/auth/identity', anna.accessToken);
    expect(identity.json().account).toMatchObject({
      firstName: 'Anne',
      language: 'de',
      timezone: 'Europe/Berlin',
    });
  });

  it('takes only pictures of the member’s own library in the project as photo and cover', async () => {
    const anna = await member();
    const db = server.runtime.database.db;
    const own = { projectId: anna.project.id, ownerAccountId: anna.account.id };
    const stranger = await signUp(server);
    const elsewhere = await createAppWithProfile(server, anna.account);
    const picture = await insertCloudFile(db, { ...own, type: 'image', name: 'titel.png' });
    const document = await insertCloudFile(db, { ...own, type: 'other', name: 'brief.pdf' });
    const removed = await insertCloudFile(db, { ...own, type: 'image', deletedAt: new Date() });
    const foreign = await insertCloudFile(db, {
      projectId: anna.project.id,
      ownerAccountId: stranger.account.id,
      type: 'image',
    });
    const otherProject = await insertCloudFile(db, {
      projectId: elsewhere.project.id,
      ownerAccountId: anna.account.id,
      type: 'image',
    });
    const errorsOf = async (body: object): Promise<unknown> =>
      (await call('PATCH', `${anna.base}/profile`, anna.accessToken, body)).json<{ errors?: unknown }>()
        .errors;
    for (const file of [document, removed, foreign, otherProject]) {
      expect(await errorsOf({ avatarId: file.id })).toEqual({ avatarId: 'validation.invalidValue' });
    }
    expect(await errorsOf({ coverId: newId() })).toEqual({ coverId: 'validation.invalidValue' });
    const saved = await call('PATCH', `${anna.base}/profile`, anna.accessToken, { coverId: picture.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ coverId: picture.id, avatarId: null, avatarUrl: null });
    expect(saved.json().coverUrl).toMatch(new RegExp(`^/api/cloud/blobs/${picture.id}/preview\\?`));
  });

  it('never edits another member’s profile in the same app', async () => {
    const anna = await member();
    const ben = await signUp(server);
    await addProfile(server, anna.app, ben.account);
    await call('PATCH', `${anna.base}/profile`, ben.accessToken, { bio: 'Ben war hier' });
    expect((await call('GET', `${anna.base}/profile`, anna.accessToken)).json().bio).toBe('');
    expect((await call('GET', `${anna.base}/profile`, ben.accessToken)).json().bio).toBe('Ben war hier');
  });

  it('changes the e-mail from the app with a code sent to the new address', async () => {
    const anna = await member();
    const newEmail = uniqueEmail('neu');
    const bad = await call('PATCH', `${anna.base}/profile/contact`, anna.accessToken, {
      field: 'phone',
      value: 'no-mail',
    });
    expect(bad.json().errors).toEqual({ field: 'validation.invalidValue', value: 'validation.email' });
    const badConfirm = await call('PATCH', `${anna.base}/profile/contact/confirm`, anna.accessToken, {
      field: 'email',
      login: newEmail,
      code: '12',
    });
    expect(badConfirm.json().errors).toEqual({ code: 'validation.code' });

    const started = await call('PATCH', `${anna.base}/profile/contact`, anna.accessToken, {
      field: 'email',
      value: newEmail,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().limits).toMatchObject({ codeCheckLimit: 5, codeCheckRemaining: 5 });
    const again = await call('PATCH', `${anna.base}/profile/contact?resend=true`, anna.accessToken, {
      field: 'email',
      value: newEmail,
    });
    expect(again.json().code).toBe('SEND_AGAIN_LATER');
    const mails = await listOutbox(server.runtime.database.db, { to: newEmail, limit: 10 });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'contact-change-code', projectId: anna.project.id });
    expect(mails[0]!.text).toContain(anna.app.name);

    const wrong = await call('PATCH', `${anna.base}/profile/contact/confirm`, anna.accessToken, {
      field: 'email',
      login: newEmail,
      code: '000000',
    });
    expect(wrong.json().code).toMatch(/INVALID_CODE|CODE_CHECK_LIMIT/);
    const code = await latestCodeFor(server, newEmail);
    const confirmed = await call('PATCH', `${anna.base}/profile/contact/confirm`, anna.accessToken, {
      field: 'email',
      login: newEmail,
      code,
      type: 'email',
      appId: anna.app.id,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: anna.profile.id, email: newEmail });
    expect((await call('GET', '/api/auth/identity', anna.accessToken)).json().account.email).toBe(newEmail);
  });
});
