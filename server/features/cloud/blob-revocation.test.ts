import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCloudFile, insertCloudFolder, putBlob } from '../../test/cloud.ts';
import { apiCaller, caller, signedInTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, addTeamMember, createAppIn, createAppWithProfile } from '../../test/workspace.ts';
import { ownerHasCloudAccess, type OwnerAccessFacts } from './blob-access.ts';

/*
 * Issue 12, point 3: a signed blob address is checked against the file and its owner on every request, so
 * an address handed out earlier stops working when the file goes to Removed or is deleted, or when its
 * owner loses access to the project — and works again when that is undone.
 */

let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  server = await createTestServer({ env: { LOG_LEVEL: 'info' }, logStream });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.runtime.database.db;
const call = apiCaller(() => server);
const content = 'Inhalt der Datei';

/** A project with one app, its owner, and a member of the app. */
async function projectWithMember() {
  const owner = await signedInTestAccount(server);
  const { project, app } = await createAppWithProfile(server, owner, { as: 'owner' });
  const member = await signedInTestAccount(server);
  const profile = await addProfile(server, app, member);
  return { owner, project, app, member, profile };
}

/** A file with real bytes in the person's library, and the address the download call hands out for it. */
async function fileOf(
  person: { id: string; token: string },
  project: { id: string },
  options: { appId?: string; folderId?: string } = {},
) {
  const file = await insertCloudFile(db(), {
    projectId: project.id,
    ownerAccountId: person.id,
    folderId: options.folderId,
    name: 'notiz.txt',
    mimeType: 'text/plain',
    size: content.length,
  });
  await putBlob(server.runtime.storage, file.storageKey, content);
  const headers = options.appId ? { 'x-app-id': options.appId } : undefined;
  const handedOut = await call('GET', `/api/files/${file.id}/download`, person.token, undefined, headers);
  expect(handedOut.statusCode).toBe(302);
  const address = handedOut.headers.location as string;
  expect(address).toMatch(/^\/api\/cloud\/blobs\/[0-9a-f-]{36}\/original\?exp=\d+&sig=[\w-]{43}&download=1$/);
  return { file, address, headers };
}

/** Fetches an address the way a browser or a video element would: no session, maybe a range. */
const fetchBlob = (address: string, headers: Record<string, string> = {}) =>
  caller(server).request({ method: 'GET', url: address, headers });

async function expectServed(address: string) {
  const whole = await fetchBlob(address);
  expect(whole.statusCode).toBe(200);
  expect(whole.body).toBe(content);
}

/** Gone for every kind of request: whole, a video range, and a revalidation of a cached copy. */
async function expectGone(address: string) {
  const requests: Record<string, string>[] = [{}, { range: 'bytes=0-3' }, { 'if-none-match': '*' }];
  for (const headers of requests) {
    const response = await fetchBlob(address, headers);
    expect(response.statusCode, JSON.stringify(headers)).toBe(404);
    expect(response.body).not.toContain(content);
  }
}

describe(`revocable blob addresses (${testDriver})`, () => {
  it('stops serving a file in Removed at once, again after restore, never after permanent deletion', async () => {
    const { project, app, member } = await projectWithMember();
    const { file, address, headers } = await fileOf(member, project, { appId: app.id });
    await expectServed(address);
    expect((await fetchBlob(address, { range: 'bytes=0-5' })).body).toBe(content.slice(0, 6));

    expect(
      (await call('DELETE', `/api/files/${file.id}/soft`, member.token, undefined, headers)).statusCode,
    ).toBe(204);
    await expectGone(address);

    const restored = await call('PATCH', '/api/cloud/restore', member.token, { ids: [file.id] }, headers);
    expect(restored.statusCode).toBe(200);
    await expectServed(address);

    await call('DELETE', `/api/files/${file.id}/soft`, member.token, undefined, headers);
    expect((await call('DELETE', `/api/files/${file.id}`, member.token, undefined, headers)).statusCode).toBe(
      204,
    );
    await expectGone(address);
  });

  it('stops serving the files of a folder moved to Removed', async () => {
    const { owner, project } = await projectWithMember();
    const folder = await insertCloudFolder(db(), { projectId: project.id, ownerAccountId: owner.id });
    const { address } = await fileOf(owner, project, { folderId: folder.id });
    await expectServed(address);
    expect((await call('DELETE', `/api/folders/${folder.id}/soft`, owner.token)).statusCode).toBe(204);
    await expectGone(address);
    expect((await call('PATCH', '/api/cloud/restore', owner.token, { ids: [folder.id] })).statusCode).toBe(
      200,
    );
    await expectServed(address);
  });

  it('stops serving when the owner is removed from the app, or blocked in every app of the project', async () => {
    const { owner, project, app, member, profile } = await projectWithMember();
    const { address } = await fileOf(member, project, { appId: app.id });
    const ownerFile = await fileOf(owner, project);

    const blocked = await call('PATCH', `/api/profiles/${profile.id}`, owner.token, { isBlocked: true });
    expect(blocked.statusCode).toBe(200);
    await expectGone(address);
    expect(
      (await call('PATCH', `/api/profiles/${profile.id}`, owner.token, { isBlocked: false })).statusCode,
    ).toBe(200);
    await expectServed(address);

    // Blocked in one app while a member of another app of the project: still someone with a library.
    const second = await createAppIn(server, project);
    await addProfile(server, second, member);
    await call('PATCH', `/api/profiles/${profile.id}`, owner.token, { isBlocked: true });
    await expectServed(address);

    const other = await projectWithMember();
    const { address: removedMembersFile } = await fileOf(other.member, other.project, {
      appId: other.app.id,
    });
    expect((await call('DELETE', `/api/profiles/${other.profile.id}`, other.owner.token)).statusCode).toBe(
      204,
    );
    await expectGone(removedMembersFile);

    // The project's owner keeps their library whatever happens to the apps.
    await expectServed(ownerFile.address);
  });

  it('stops serving when a team member leaves the team or is paused', async () => {
    const { owner, project } = await projectWithMember();
    const helper = await signedInTestAccount(server);
    const membership = await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    const { address } = await fileOf(helper, project);
    await expectServed(address);

    const paused = await call('PATCH', `/api/teams/${membership.id}`, owner.token, { status: 'inactive' });
    expect(paused.statusCode).toBe(200);
    await expectGone(address);
    expect(
      (await call('PATCH', `/api/teams/${membership.id}`, owner.token, { status: 'active' })).statusCode,
    ).toBe(200);
    await expectServed(address);

    expect((await call('DELETE', `/api/teams/${membership.id}`, owner.token)).statusCode).toBe(204);
    await expectGone(address);
  });

  it('keeps the signature of a blob request out of the log', async () => {
    const { owner, project } = await projectWithMember();
    const { address } = await fileOf(owner, project);
    const sig = new URLSearchParams(address.split('?')[1]).get('sig')!;
    const before = logLines.length;
    await expectServed(address);

    const written = logLines.slice(before);
    const requestLines = written.filter((line) => line.includes(address.split('?')[0]!));
    // Fastify's "incoming request" line names the URL; without it this test would prove nothing.
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.some((line) => line.includes('sig=[redacted]'))).toBe(true);
    expect(written.filter((line) => line.includes(sig))).toEqual([]);
  });
});

describe('who still has a library in the project', () => {
  const nobody: OwnerAccessFacts = {
    ownsProject: false,
    teamSettings: {},
    onActiveTeam: false,
    hasOpenApp: true,
    profiles: [],
  };
  const profile = { type: 'member', isOwner: false, blocked: false } as const;

  it('follows the project and app policies', () => {
    expect(ownerHasCloudAccess(nobody)).toBe(false);
    expect(ownerHasCloudAccess({ ...nobody, ownsProject: true })).toBe(true);
    // Team: files on the service host by default, or through the apps it manages while one is open.
    expect(ownerHasCloudAccess({ ...nobody, onActiveTeam: true })).toBe(true);
    const appsOnly = { canViewFiles: false, canManageApps: true };
    expect(ownerHasCloudAccess({ ...nobody, onActiveTeam: true, teamSettings: appsOnly })).toBe(true);
    expect(
      ownerHasCloudAccess({ ...nobody, onActiveTeam: true, teamSettings: appsOnly, hasOpenApp: false }),
    ).toBe(false);
    const neither = { canViewFiles: false, canManageApps: false };
    expect(ownerHasCloudAccess({ ...nobody, onActiveTeam: true, teamSettings: neither })).toBe(false);
    // Profiles: every joined role; not someone only invited, not someone blocked everywhere.
    for (const type of ['member', 'moderator', 'admin'] as const) {
      expect(ownerHasCloudAccess({ ...nobody, profiles: [{ ...profile, type }] }), type).toBe(true);
    }
    expect(ownerHasCloudAccess({ ...nobody, profiles: [{ ...profile, type: 'invited' }] })).toBe(false);
    expect(ownerHasCloudAccess({ ...nobody, profiles: [{ ...profile, blocked: true }] })).toBe(false);
    expect(
      ownerHasCloudAccess({
        ...nobody,
        profiles: [
          { ...profile, blocked: true },
          { ...profile, type: 'invited' },
        ],
      }),
    ).toBe(false);
    expect(ownerHasCloudAccess({ ...nobody, profiles: [{ ...profile, blocked: true }, profile] })).toBe(true);
  });
});
