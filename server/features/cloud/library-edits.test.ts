import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFavorites, cloudFiles, cloudFolders } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertCloudFile, insertCloudFolder, rootFolderOf } from '../../test/cloud.ts';
import { apiCaller, signedInTestAccount, type ApiMethod } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, addTeamMember, createAppWithProfile, createProjectFor } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.runtime.database.db;
const call = apiCaller(() => server);

const person = () => signedInTestAccount(server);

async function library() {
  const owner = await person();
  const project = await createProjectFor(server, owner);
  const me = { projectId: project.id, ownerAccountId: owner.id };
  const root = await rootFolderOf(db(), me);
  return { owner, project, me, root };
}

const folderRow = async (id: string) =>
  (await db().select().from(cloudFolders).where(eq(cloudFolders.id, id)))[0];
const fileRow = async (id: string) => (await db().select().from(cloudFiles).where(eq(cloudFiles.id, id)))[0];

describe(`cloud folders, names and favourites (${testDriver})`, () => {
  it('checks the session, the project and the input of every change', async () => {
    const { owner, project, me } = await library();
    const folder = await insertCloudFolder(db(), { ...me, name: 'Ordner' });
    const file = await insertCloudFile(db(), { ...me, name: 'a.pdf' });
    const gone = await insertCloudFile(db(), { ...me, name: 'weg.pdf', deletedAt: new Date() });
    const calls: [ApiMethod, string, object?][] = [
      ['POST', `/api/projects/${project.id}/cloud/folders`, { name: 'Neu' }],
      ['POST', `/api/folders/${folder.id}`, { name: 'Neu' }],
      ['PATCH', `/api/files/${file.id}`, { name: 'b.pdf' }],
      ['PATCH', `/api/folders/${folder.id}`, { name: 'Alt' }],
      ['POST', `/api/files/${file.id}/favorite`],
      ['DELETE', `/api/files/${file.id}/favorite`],
      ['DELETE', `/api/files/${file.id}/soft`],
      ['DELETE', `/api/folders/${folder.id}/soft`],
      ['PATCH', '/api/cloud/delete/soft', { ids: [file.id] }],
      ['DELETE', `/api/files/${gone.id}`],
      ['DELETE', `/api/folders/${folder.id}`],
      ['PATCH', '/api/cloud/delete', { ids: [gone.id] }],
      ['PATCH', '/api/cloud/restore', { ids: [gone.id] }],
      ['PATCH', '/api/cloud/move', { ids: [file.id] }],
      ['PATCH', `/api/cloud/move/${folder.id}`, { ids: [file.id] }],
      ['PATCH', '/api/folders/move', { fileIds: [file.id] }],
      ['PATCH', `/api/folders/${folder.id}/move`, { fileIds: [file.id] }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const stranger = await person();
    await createProjectFor(server, stranger);
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, stranger.token, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const bad: [ApiMethod, string, object?][] = [
      ['POST', `/api/projects/${project.id}/cloud/folders`, { name: '' }],
      ['POST', `/api/projects/${project.id}/cloud/folders`, { name: 'x'.repeat(256) }],
      ['POST', `/api/folders/${folder.id}`, {}],
      ['PATCH', `/api/files/${file.id}`, { thumbId: 'nope' }],
      ['PATCH', `/api/files/${file.id}`, { thumbId: newId(), resetThumbnail: true }],
      ['PATCH', `/api/folders/${folder.id}`, { name: '   ' }],
      ['PATCH', '/api/cloud/delete/soft', { ids: [] }],
      ['PATCH', '/api/cloud/delete', { ids: ['x'] }],
      ['PATCH', '/api/cloud/move', {}],
      ['PATCH', '/api/folders/move', { folderIds: [] }],
      ['PATCH', `/api/cloud/move/not-a-uuid`, { ids: [file.id] }],
    ];
    for (const [method, url, payload] of bad) {
      expect((await call(method, url, owner.token, payload)).statusCode, `${method} ${url}`).toBe(400);
    }
    // Nothing changed.
    expect(await fileRow(file.id)).toMatchObject({ name: 'a.pdf', deletedAt: null, folderId: file.folderId });
  });

  it('creates folders only in the caller’s own live tree', async () => {
    const { owner, project, me, root } = await library();
    const created = await call('POST', `/api/projects/${project.id}/cloud/folders`, owner.token, {
      name: ' Rechnungen 2024 ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Rechnungen 2024',
      isFolder: true,
      parentId: root.id,
      isOwn: true,
      permissions: { can: ['view', 'upload', 'create_folder', 'rename', 'move', 'delete'] },
    });
    const inner = await call('POST', `/api/folders/${created.json().data.id}`, owner.token, {
      name: 'Januar',
    });
    expect(inner.statusCode).toBe(201);
    expect(inner.json().data.parentId).toBe(created.json().data.id);
    expect((await call('POST', `/api/folders/${root.id}`, owner.token, { name: 'Oben' })).statusCode).toBe(
      201,
    );
    expect((await call('POST', `/api/folders/${root.id}`, owner.token, { name: '/\\' })).statusCode).toBe(
      400,
    );

    const deleted = await insertCloudFolder(db(), { ...me, name: 'Weg', deletedAt: new Date() });
    const intoDeleted = await call('POST', `/api/folders/${deleted.id}`, owner.token, { name: 'x' });
    expect(intoDeleted.statusCode).toBe(403);
    expect(intoDeleted.json().code).toBe('FOLDER_CREATE_FORBIDDEN');

    const helper = await person();
    await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    const foreignTree = await call('POST', `/api/folders/${root.id}`, helper.token, { name: 'x' });
    expect(foreignTree.statusCode).toBe(403);
    expect(foreignTree.json().code).toBe('FOLDER_CREATE_FORBIDDEN');
    const children = await db().select().from(cloudFolders).where(eq(cloudFolders.parentId, root.id));
    expect(children.map((folder) => folder.name).sort()).toEqual(['Oben', 'Rechnungen 2024', 'Weg']);
  });

  it('renames files and folders (never the root) and sets custom thumbnails', async () => {
    const { owner, me, root, project } = await library();
    const folder = await insertCloudFolder(db(), { ...me, name: 'Ordner' });
    const video = await insertCloudFile(db(), { ...me, name: 'film.mp4', type: 'video' });
    const image = await insertCloudFile(db(), {
      ...me,
      name: 'bild.png',
      type: 'image',
      variants: { tile: 'k/tile', table: 'k/table', preview: 'k/preview' },
    });
    const renamed = await call('PATCH', `/api/files/${video.id}`, owner.token, { name: ' Urlaub ' });
    expect(renamed.statusCode).toBe(200);
    // Renamed without an extension, the file keeps its own.
    expect(renamed.json().data).toMatchObject({ name: 'Urlaub.mp4', extension: 'mp4' });
    const otherExtension = await call('PATCH', `/api/files/${video.id}`, owner.token, { name: 'Urlaub.mov' });
    expect(otherExtension.json().data).toMatchObject({ name: 'Urlaub.mov', extension: 'mp4' });
    const folderRenamed = await call('PATCH', `/api/folders/${folder.id}`, owner.token, { name: 'Fotos' });
    expect(folderRenamed.json().data).toMatchObject({ id: folder.id, name: 'Fotos' });
    expect((await call('PATCH', `/api/folders/${root.id}`, owner.token, { name: 'Meins' })).statusCode).toBe(
      403,
    );

    const withThumb = await call('PATCH', `/api/files/${video.id}`, owner.token, { thumbId: image.id });
    expect(withThumb.statusCode).toBe(200);
    expect(withThumb.json().data).toMatchObject({ thumbId: image.id, isCustomThumbnail: true });
    expect(withThumb.json().data.thumbnails.tile).toContain(`/api/cloud/blobs/${image.id}/tile`);

    const processing = await insertCloudFile(db(), { ...me, type: 'image', status: 'process' });
    const pdf = await insertCloudFile(db(), { ...me, type: 'other' });
    const removed = await insertCloudFile(db(), { ...me, type: 'image', deletedAt: new Date() });
    const helper = await person();
    await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    const foreign = await insertCloudFile(db(), {
      projectId: project.id,
      ownerAccountId: helper.id,
      type: 'image',
    });
    for (const thumbId of [processing.id, pdf.id, removed.id, foreign.id, video.id, newId()]) {
      const refused = await call('PATCH', `/api/files/${video.id}`, owner.token, { thumbId });
      expect(refused.statusCode, thumbId).toBe(400);
      expect(refused.json().errors).toEqual({ thumbId: 'validation.invalid' });
    }
    const reset = await call('PATCH', `/api/files/${video.id}`, owner.token, { resetThumbnail: true });
    expect(reset.json().data).toMatchObject({ thumbId: null, isCustomThumbnail: false });
    // Someone else's file cannot be renamed, even by whom may see it.
    expect((await call('PATCH', `/api/files/${video.id}`, helper.token, { name: 'x' })).statusCode).toBe(404);
  });

  it('refuses names it cannot keep, naming the characters, instead of changing them', async () => {
    const { owner, project, me, root } = await library();
    const file = await insertCloudFile(db(), { ...me, name: 'a.pdf' });
    const folder = await insertCloudFolder(db(), { ...me, name: 'Ordner' });
    const cases: [string, string, Record<string, unknown>][] = [
      ['a/b', 'validation.nameCharacters', { reason: 'characters', characters: ['/'] }],
      ['<script>', 'validation.nameCharacters', { reason: 'characters', characters: ['<', '>'] }],
      ['Bericht\u0007', 'validation.nameCharacters', { reason: 'characters', characters: ['U+0007'] }],
      ['..', 'validation.nameDots', { reason: 'dots' }],
      ['Ende.', 'validation.nameTrailingDot', { reason: 'trailingDot' }],
      ['CON', 'validation.nameReserved', { reason: 'reserved' }],
      ['ä'.repeat(200), 'validation.nameTooLong', { reason: 'tooLong', max: 255 }],
    ];
    const targets: [string, string][] = [
      ['POST', `/api/projects/${project.id}/cloud/folders`],
      ['POST', `/api/folders/${root.id}`],
      ['PATCH', `/api/folders/${folder.id}`],
      ['PATCH', `/api/files/${file.id}`],
    ];
    for (const [method, url] of targets) {
      for (const [name, key, details] of cases) {
        const refused = await call(method as ApiMethod, url, owner.token, { name });
        expect(refused.statusCode, `${method} ${url} ${name}`).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'INVALID_NAME', errors: { name: key }, details });
      }
    }
    expect(await fileRow(file.id)).toMatchObject({ name: 'a.pdf' });
    expect(await folderRow(folder.id)).toMatchObject({ name: 'Ordner' });
    // What can be kept is kept as typed (but the outer spaces): brackets, ampersands, emoji, a leading dot.
    for (const name of ['Kurs (neu) & mehr 🎉', '.notizen', 'a – b']) {
      const kept = await call('POST', `/api/folders/${root.id}`, owner.token, { name: ` ${name} ` });
      expect(kept.json().data.name).toBe(name);
    }
  });

  it('holds each name once per folder: new folders and renames refuse a taken name (409)', async () => {
    const { owner, project, me, root } = await library();
    const kurse = await insertCloudFolder(db(), { ...me, name: 'Kurse 2026' });
    const photo = await insertCloudFile(db(), { ...me, name: 'sonnengruss.jpg', type: 'image' });
    const other = await insertCloudFile(db(), { ...me, name: 'andere.jpg', type: 'image' });
    // Removed and hidden items take no name.
    await insertCloudFolder(db(), { ...me, name: 'Alt', deletedAt: new Date() });
    await insertCloudFile(db(), { ...me, name: 'avatar.png', hiddenInCloud: true, source: 'avatar' });

    const again = await call('POST', `/api/projects/${project.id}/cloud/folders`, owner.token, {
      name: 'kurse 2026',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NAME_TAKEN',
      errors: { name: 'validation.nameTaken' },
      details: { name: 'Kurse 2026', kind: 'folder', suggestion: 'kurse 2026 (2)' },
    });
    // A file's name is taken for folders too, and the other way round.
    const asFolder = await call('POST', `/api/folders/${root.id}`, owner.token, { name: 'Sonnengruss.JPG' });
    expect(asFolder.json()).toMatchObject({ code: 'NAME_TAKEN', details: { kind: 'file' } });
    const renameOnto = await call('PATCH', `/api/files/${other.id}`, owner.token, {
      name: 'sonnengruss.jpg',
    });
    expect(renameOnto.statusCode).toBe(409);
    const folderOnto = await call('PATCH', `/api/folders/${kurse.id}`, owner.token, {
      name: 'SONNENGRUSS.jpg',
    });
    expect(folderOnto.statusCode).toBe(409);
    // Its own name in another case is not a conflict; nor are names of Removed or hidden items.
    const ownCase = await call('PATCH', `/api/files/${photo.id}`, owner.token, { name: 'Sonnengruss.jpg' });
    expect(ownCase.json().data.name).toBe('Sonnengruss.jpg');
    expect((await call('POST', `/api/folders/${root.id}`, owner.token, { name: 'Alt' })).statusCode).toBe(
      201,
    );
    expect(
      (await call('PATCH', `/api/files/${other.id}`, owner.token, { name: 'avatar.png' })).statusCode,
    ).toBe(200);
    // The same name in another folder is fine.
    const inside = await call('POST', `/api/folders/${kurse.id}`, owner.token, { name: 'Kurse 2026' });
    expect(inside.statusCode).toBe(201);
    const names = (await db().select().from(cloudFolders).where(eq(cloudFolders.parentId, root.id))).map(
      (row) => row.name,
    );
    expect(names.filter((name) => name.toLowerCase() === 'kurse 2026')).toHaveLength(1);
  });

  it('restores under a free name and refuses moves onto a taken one', async () => {
    const { owner, me, root } = await library();
    const target = await insertCloudFolder(db(), { ...me, name: 'Ziel' });
    await insertCloudFile(db(), { ...me, folderId: target.id, name: 'plan.pdf' });
    const clash = await insertCloudFile(db(), { ...me, name: 'plan.pdf' });
    const moved = await call('PATCH', `/api/cloud/move/${target.id}`, owner.token, { ids: [clash.id] });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      code: 'MOVE_TARGET_INVALID',
      details: { reason: 'name_taken', ids: [clash.id], names: ['plan.pdf'] },
    });
    // Deleted, then a new "plan.pdf" takes the name: the restored one comes back as "plan (2).pdf".
    await call('DELETE', `/api/files/${clash.id}/soft`, owner.token);
    await insertCloudFile(db(), { ...me, folderId: root.id, name: 'plan.pdf' });
    const restored = await call('PATCH', '/api/cloud/restore', owner.token, { ids: [clash.id] });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data[0]).toMatchObject({ name: 'plan (2).pdf', parentId: root.id });
  });

  it('empties the bin for good, only the caller’s, and refuses guests and other projects', async () => {
    const { owner, project, me } = await library();
    const folder = await insertCloudFolder(db(), { ...me, name: 'Weg', deletedAt: new Date() });
    await insertCloudFile(db(), {
      ...me,
      folderId: folder.id,
      name: 'drin.pdf',
      deletedAt: new Date(),
      deletedVia: folder.id,
    });
    const loose = await insertCloudFile(db(), { ...me, name: 'lose.pdf', deletedAt: new Date() });
    const live = await insertCloudFile(db(), { ...me, name: 'bleibt.pdf' });
    const url = `/api/projects/${project.id}/cloud/removed`;
    expect((await call('DELETE', url, undefined)).statusCode).toBe(401);
    const stranger = await person();
    await createProjectFor(server, stranger);
    expect((await call('DELETE', url, stranger.token)).statusCode).toBe(404);
    // Someone else's bin stays untouched by the owner's emptying.
    const helper = await person();
    await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    const theirs = await insertCloudFile(db(), {
      projectId: project.id,
      ownerAccountId: helper.id,
      name: 'fremd.pdf',
      deletedAt: new Date(),
    });
    const emptied = await call('DELETE', url, owner.token);
    expect(emptied.statusCode).toBe(204);
    expect(await fileRow(loose.id)).toBeUndefined();
    expect(await folderRow(folder.id)).toBeUndefined();
    expect(await fileRow(live.id)).toMatchObject({ deletedAt: null });
    expect(await fileRow(theirs.id)).toBeDefined();
    const bin = await call(
      'GET',
      `/api/projects/${project.id}/cloud/folders/content?type=removed`,
      owner.token,
    );
    expect(bin.json().meta.total).toBe(0);
  });

  it('names the conflicts of an upload before it starts', async () => {
    const { owner, me, root, project } = await library();
    await insertCloudFile(db(), { ...me, name: 'sonnengruss.jpg' });
    await insertCloudFile(db(), { ...me, name: 'sonnengruss (2).jpg' });
    await insertCloudFolder(db(), { ...me, name: 'Kurse' });
    const url = `/api/folders/${root.id}/conflicts`;
    const answer = await call('POST', url, owner.token, { names: ['Sonnengruss.jpg', 'neu.png', 'Kurse'] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([
      {
        name: 'Sonnengruss.jpg',
        existing: 'sonnengruss.jpg',
        kind: 'file',
        suggestion: 'Sonnengruss (3).jpg',
      },
      { name: 'Kurse', existing: 'Kurse', kind: 'folder', suggestion: 'Kurse (2)' },
    ]);
    expect((await call('POST', url, undefined, { names: ['a'] })).statusCode).toBe(401);
    const stranger = await person();
    await createProjectFor(server, stranger);
    expect((await call('POST', url, stranger.token, { names: ['a'] })).statusCode).toBe(404);
    expect((await call('POST', url, owner.token, { names: [] })).statusCode).toBe(400);
    expect((await call('POST', url, owner.token, { names: Array(101).fill('a') })).statusCode).toBe(400);
    // Nor can anyone of the project ask about the owner's folder.
    const helper = await person();
    await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    expect((await call('POST', url, helper.token, { names: ['a'] })).statusCode).toBe(404);
  });

  it('keeps favourites per person', async () => {
    const { owner, me, project } = await library();
    const file = await insertCloudFile(db(), { ...me, name: 'a.pdf' });
    const helper = await person();
    await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    for (let round = 0; round < 2; round++) {
      expect((await call('POST', `/api/files/${file.id}/favorite`, owner.token)).statusCode).toBe(204);
    }
    const favorites = `/api/projects/${project.id}/cloud/files?type=favorite`;
    expect((await call('GET', favorites, owner.token)).json().data).toMatchObject([
      { id: file.id, isFavorite: true },
    ]);
    expect((await call('GET', favorites, helper.token)).json().data).toEqual([]);
    // A file manager may keep someone else's file as a favourite of their own.
    expect((await call('POST', `/api/files/${file.id}/favorite`, helper.token)).statusCode).toBe(204);
    expect((await call('GET', favorites, helper.token)).json().data).toMatchObject([
      { id: file.id, isOwn: false },
    ]);
    expect((await call('DELETE', `/api/files/${file.id}/favorite`, owner.token)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/files/${file.id}/favorite`, owner.token)).statusCode).toBe(204);
    expect((await call('GET', favorites, owner.token)).json().data).toEqual([]);
    expect((await call('GET', favorites, helper.token)).json().data).toHaveLength(1);

    // App members see only their own library: another member's file is not there to favour.
    const alice = await person();
    const { app, project: appProject } = await createAppWithProfile(server, alice);
    const bob = await person();
    await addProfile(server, app, bob);
    const alices = await insertCloudFile(db(), { projectId: appProject.id, ownerAccountId: alice.id });
    const host = { 'x-app-id': app.id };
    expect(
      (await call('POST', `/api/files/${alices.id}/favorite`, bob.token, undefined, host)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/files/${alices.id}/favorite`, alice.token, undefined, host)).statusCode,
    ).toBe(204);
    const rows = await db().select().from(cloudFavorites).where(eq(cloudFavorites.fileId, alices.id));
    expect(rows.map((row) => row.accountId)).toEqual([alice.id]);
  });
});

describe(`cloud moves (${testDriver})`, () => {
  /** root ─ A ─ A1 ─ A11, root ─ B, files f (root), g (in A). */
  async function tree() {
    const base = await library();
    const { me } = base;
    const a = await insertCloudFolder(db(), { ...base.me, name: 'A' });
    const a1 = await insertCloudFolder(db(), { ...me, parentId: a.id, name: 'A1' });
    const a11 = await insertCloudFolder(db(), { ...me, parentId: a1.id, name: 'A11' });
    const b = await insertCloudFolder(db(), { ...me, name: 'B' });
    const f = await insertCloudFile(db(), { ...me, name: 'f.pdf' });
    const g = await insertCloudFile(db(), { ...me, folderId: a.id, name: 'g.pdf' });
    return { ...base, a, a1, a11, b, f, g };
  }

  it('moves mixed items into a folder and back to My files', async () => {
    const { owner, root, a, b, f, g } = await tree();
    const moved = await call('PATCH', `/api/cloud/move/${b.id}`, owner.token, { ids: [a.id, f.id] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject([
      { id: a.id, isFolder: true, parentId: b.id },
      { id: f.id, isFolder: false, parentId: b.id },
    ]);
    expect((await folderRow(a.id))!.parentId).toBe(b.id);
    // The folder took its content along.
    expect((await fileRow(g.id))!.folderId).toBe(a.id);

    const back = await call('PATCH', '/api/cloud/move', owner.token, { ids: [f.id] });
    expect(back.statusCode).toBe(200);
    expect((await fileRow(f.id))!.folderId).toBe(root.id);
    const kinds = await call('PATCH', '/api/folders/move', owner.token, { folderIds: [a.id] });
    expect(kinds.statusCode).toBe(200);
    expect((await folderRow(a.id))!.parentId).toBe(root.id);
    const files = await call('PATCH', `/api/folders/${b.id}/move`, owner.token, { fileIds: [f.id, g.id] });
    expect(files.statusCode).toBe(200);
    expect(files.json().data.map((item: { parentId: string }) => item.parentId)).toEqual([b.id, b.id]);
    // An id sent as the wrong kind is not found.
    expect(
      (await call('PATCH', `/api/folders/${b.id}/move`, owner.token, { fileIds: [a.id] })).statusCode,
    ).toBe(404);
  });

  it('refuses a target that already holds a moved item', async () => {
    const { owner, root, a, b, f, g } = await tree();
    const response = await call('PATCH', `/api/cloud/move/${a.id}`, owner.token, { ids: [f.id, g.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'MOVE_TARGET_INVALID',
      details: { reason: 'already_there', ids: [g.id] },
    });
    const toRoot = await call('PATCH', '/api/cloud/move', owner.token, { ids: [b.id] });
    expect(toRoot.json()).toMatchObject({ details: { reason: 'already_there', ids: [b.id] } });
    expect((await fileRow(f.id))!.folderId).toBe(root.id);
  });

  it('refuses moving a folder into itself or below itself', async () => {
    const { owner, a, a1, a11, b } = await tree();
    const self = await call('PATCH', `/api/cloud/move/${a.id}`, owner.token, { ids: [a.id, b.id] });
    expect(self.statusCode).toBe(409);
    expect(self.json().details).toEqual({ reason: 'into_itself', ids: [a.id] });
    const below = await call('PATCH', `/api/folders/${a11.id}/move`, owner.token, { folderIds: [a.id] });
    expect(below.statusCode).toBe(409);
    expect(below.json().details).toEqual({ reason: 'into_itself', ids: [a.id] });
    const child = await call('PATCH', `/api/cloud/move/${a11.id}`, owner.token, { ids: [a1.id] });
    expect(child.json().details).toEqual({ reason: 'into_itself', ids: [a1.id] });
    expect((await folderRow(a.id))!.parentId).not.toBe(a11.id);
  });

  it('never moves the root, deleted items or someone else’s', async () => {
    const { owner, project, me, root, a, b, f } = await tree();
    expect((await call('PATCH', `/api/cloud/move/${b.id}`, owner.token, { ids: [root.id] })).statusCode).toBe(
      403,
    );
    const removed = await insertCloudFolder(db(), { ...me, name: 'Weg', deletedAt: new Date() });
    expect(
      (await call('PATCH', `/api/cloud/move/${removed.id}`, owner.token, { ids: [f.id] })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/cloud/move/${b.id}`, owner.token, { ids: [removed.id] })).statusCode,
    ).toBe(404);
    const helper = await person();
    await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    const theirs = await insertCloudFolder(db(), {
      projectId: project.id,
      ownerAccountId: helper.id,
      name: 'H',
    });
    expect(
      (await call('PATCH', `/api/cloud/move/${theirs.id}`, owner.token, { ids: [f.id] })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/api/cloud/move/${b.id}`, helper.token, { ids: [a.id] })).statusCode).toBe(
      404,
    );
    // Items of two projects are never one library.
    const other = await library();
    const elsewhere = await insertCloudFile(db(), { ...other.me });
    const mixed = await call('PATCH', `/api/cloud/move/${b.id}`, owner.token, { ids: [f.id, elsewhere.id] });
    expect(mixed.statusCode).toBe(404);
    expect((await fileRow(f.id))!.folderId).toBe(root.id);
  });
});

describe(`cloud deletion and restore (${testDriver})`, () => {
  it('deletes softly into Removed and restores to where items were', async () => {
    const { owner, project, me, root } = await library();
    const folder = await insertCloudFolder(db(), { ...me, name: 'Ordner' });
    const inner = await insertCloudFolder(db(), { ...me, parentId: folder.id, name: 'Innen' });
    const deep = await insertCloudFile(db(), { ...me, folderId: inner.id, name: 'tief.pdf' });
    const alone = await insertCloudFile(db(), { ...me, folderId: folder.id, name: 'allein.pdf' });
    const loose = await insertCloudFile(db(), { ...me, name: 'lose.pdf' });
    const removedList = async (): Promise<string[]> => {
      const url = `/api/projects/${project.id}/cloud/folders/content?type=removed&sort=name`;
      const body: { data: { name: string }[] } = (await call('GET', url, owner.token)).json();
      return body.data.map((item) => item.name);
    };

    // A file deleted on its own first stays in Removed on its own.
    expect((await call('DELETE', `/api/files/${alone.id}/soft`, owner.token)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/folders/${folder.id}/soft`, owner.token)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/folders/${folder.id}/soft`, owner.token)).statusCode).toBe(204);
    expect(await removedList()).toEqual(['Ordner', 'allein.pdf']);
    expect(await folderRow(inner.id)).toMatchObject({ deletedVia: folder.id });
    expect(await fileRow(deep.id)).toMatchObject({ deletedVia: folder.id });
    const my = await call('GET', `/api/projects/${project.id}/cloud/folders/content`, owner.token);
    expect(my.json().data.map((item: { name: string }) => item.name)).toEqual(['lose.pdf']);

    // Restoring the loose file while its folder is removed puts it into My files.
    const restoredAlone = await call('PATCH', '/api/cloud/restore', owner.token, { ids: [alone.id] });
    expect(restoredAlone.statusCode).toBe(200);
    expect(restoredAlone.json().data).toMatchObject([{ id: alone.id, parentId: root.id, isDeleted: false }]);
    const restored = await call('PATCH', '/api/cloud/restore', owner.token, { ids: [folder.id] });
    expect(restored.json().data).toMatchObject([{ id: folder.id, parentId: root.id, isDeleted: false }]);
    expect(await folderRow(inner.id)).toMatchObject({
      deletedAt: null,
      deletedVia: null,
      parentId: folder.id,
    });
    expect(await fileRow(deep.id)).toMatchObject({ deletedAt: null, deletedVia: null, folderId: inner.id });
    expect(await removedList()).toEqual([]);

    // Bulk: the file inside the folder goes with the folder, not on its own.
    expect(
      (await call('PATCH', '/api/cloud/delete/soft', owner.token, { ids: [deep.id, folder.id, loose.id] }))
        .statusCode,
    ).toBe(204);
    expect(await removedList()).toEqual(['Ordner', 'lose.pdf']);
    expect(await fileRow(deep.id)).toMatchObject({ deletedVia: folder.id });
    // Restore outer folders before inner ones: the inner one then returns into its folder.
    expect((await call('PATCH', '/api/cloud/restore', owner.token, { ids: [deep.id] })).statusCode).toBe(409);
    await call('PATCH', '/api/cloud/restore', owner.token, { ids: [folder.id, loose.id] });
    expect(await removedList()).toEqual([]);

    expect((await call('DELETE', `/api/folders/${root.id}/soft`, owner.token)).statusCode).toBe(403);
    expect((await call('PATCH', '/api/cloud/delete/soft', owner.token, { ids: [root.id] })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/files/${folder.id}/soft`, owner.token)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/cloud/restore', owner.token, { ids: [loose.id] })).json().code).toBe(
      'NOT_IN_REMOVED',
    );
  });

  it('restores nested removed folders outer first', async () => {
    const { owner, me } = await library();
    const outer = await insertCloudFolder(db(), { ...me, name: 'Aussen' });
    const innerFolder = await insertCloudFolder(db(), { ...me, parentId: outer.id, name: 'Innen' });
    await call('DELETE', `/api/folders/${innerFolder.id}/soft`, owner.token);
    await call('DELETE', `/api/folders/${outer.id}/soft`, owner.token);
    const restored = await call('PATCH', '/api/cloud/restore', owner.token, {
      ids: [innerFolder.id, outer.id],
    });
    expect(restored.statusCode).toBe(200);
    expect(await folderRow(innerFolder.id)).toMatchObject({ parentId: outer.id, deletedAt: null });
  });
});
