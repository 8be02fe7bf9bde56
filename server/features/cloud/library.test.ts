import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadLimitBytes } from '../../../contracts/upload-size.ts';
import { cloudFiles, profileTags, profiles, projects } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertCloudFile, insertCloudFolder, insertFavorite, rootFolderOf } from '../../test/cloud.ts';
import { apiCaller, signedInTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, addTeamMember, createAppWithProfile, createProjectFor } from '../../test/workspace.ts';
import { ensureDefaultTags } from '../tags/tags.repo.ts';
import { uploadLimits } from './upload-limits.ts';

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

/** A project of its own (service host): its owner manages the project's files. */
async function library(options: { tariffId?: string } = {}) {
  const owner = await person();
  const project = await createProjectFor(server, owner, options);
  const me = { projectId: project.id, ownerAccountId: owner.id };
  const root = await rootFolderOf(db(), me);
  return { owner, project, me, root };
}

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const names = (body: { data: { name: string }[] }) => body.data.map((item) => item.name);

describe(`cloud library lists (${testDriver})`, () => {
  it('answers 401 without a session, 404 to another project and 400 to bad input', async () => {
    const { owner, project, me } = await library();
    const folder = await insertCloudFolder(db(), { ...me, name: 'Geheim' });
    const reads = [
      `/api/projects/${project.id}/cloud/folders/content`,
      `/api/projects/${project.id}/cloud/files?type=photo`,
      `/api/projects/${project.id}/cloud/storage`,
      `/api/projects/${project.id}/cloud/tree`,
      `/api/projects/${project.id}/cloud/searches`,
      `/api/folders/${folder.id}/content`,
      `/api/folders/${folder.id}/path`,
    ];
    for (const url of [...reads, '/api/cloud/upload/limits', '/api/cloud/mime-types']) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
    const stranger = await person();
    await createProjectFor(server, stranger);
    for (const url of reads) {
      const response = await call('GET', url, stranger.token);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Geheim');
    }
    const bad = [
      `/api/projects/not-a-uuid/cloud/folders/content`,
      `/api/projects/${project.id}/cloud/folders/content?type=photo`,
      `/api/projects/${project.id}/cloud/folders/content?limit=1000`,
      `/api/projects/${project.id}/cloud/folders/content?sort=size`,
      `/api/projects/${project.id}/cloud/folders/content?dateFrom=yesterday`,
      `/api/projects/${project.id}/cloud/files`,
      `/api/projects/${project.id}/cloud/files?type=latest`,
      `/api/folders/${folder.id}/content?page=0`,
    ];
    for (const url of bad) {
      expect((await call('GET', url, owner.token)).statusCode, url).toBe(400);
    }
    expect((await call('GET', `/api/folders/${newId()}/content`, owner.token)).statusCode).toBe(404);
  });

  it('lists folders before files and pages across the boundary', async () => {
    const { owner, project, me, root } = await library();
    for (const name of ['c-Ordner', 'A-Ordner', 'b-Ordner']) {
      await insertCloudFolder(db(), { ...me, name });
    }
    for (const name of ['d.pdf', 'B.pdf', 'a.pdf', 'C.pdf']) {
      await insertCloudFile(db(), { ...me, name });
    }
    const url = (page: number) =>
      `/api/projects/${project.id}/cloud/folders/content?type=my&sort=name&limit=2&page=${page}`;
    const pages = [];
    for (const page of [1, 2, 3, 4, 5]) {
      const response = await call('GET', url(page), owner.token);
      expect(response.statusCode).toBe(200);
      pages.push(response.json());
    }
    expect(pages.map(names)).toEqual([
      ['A-Ordner', 'b-Ordner'],
      ['c-Ordner', 'a.pdf'],
      ['B.pdf', 'C.pdf'],
      ['d.pdf'],
      [],
    ]);
    expect(pages[0].meta).toEqual({
      page: 1,
      pages: 4,
      total: 7,
      files: 4,
      folders: 3,
      rootId: root.id,
      folder: { id: root.id, name: 'My files', parentId: null },
    });
    expect(pages[1].data.map((item: { isFolder: boolean }) => item.isFolder)).toEqual([true, false]);

    // Descending: folders still come first, each group in reverse.
    const reverse = await call(
      'GET',
      `/api/projects/${project.id}/cloud/folders/content?sort=-name`,
      owner.token,
    );
    expect(names(reverse.json())).toEqual([
      'c-Ordner',
      'b-Ordner',
      'A-Ordner',
      'd.pdf',
      'C.pdf',
      'B.pdf',
      'a.pdf',
    ]);
  });

  it('sorts by the date keys, latest changes first by default', async () => {
    const { owner, project, me } = await library();
    await insertCloudFile(db(), {
      ...me,
      name: 'alt.pdf',
      createdAt: day('2024-01-01'),
      updatedAt: day('2024-06-01'),
    });
    await insertCloudFile(db(), {
      ...me,
      name: 'mittel.pdf',
      createdAt: day('2024-02-01'),
      updatedAt: day('2024-02-01'),
    });
    await insertCloudFile(db(), {
      ...me,
      name: 'neu.pdf',
      createdAt: day('2024-03-01'),
      updatedAt: day('2024-03-01'),
    });
    const list = async (query: string) =>
      names(
        (await call('GET', `/api/projects/${project.id}/cloud/folders/content?${query}`, owner.token)).json(),
      );
    expect(await list('')).toEqual(['alt.pdf', 'neu.pdf', 'mittel.pdf']);
    expect(await list('sort=updatedAt')).toEqual(['mittel.pdf', 'neu.pdf', 'alt.pdf']);
    expect(await list('sort=createdAt')).toEqual(['alt.pdf', 'mittel.pdf', 'neu.pdf']);
    expect(await list('sort=-createdAt')).toEqual(['neu.pdf', 'mittel.pdf', 'alt.pdf']);
  });

  it('lists a real folder, and searches the whole library flat', async () => {
    const { owner, project, me, root } = await library();
    const reports = await insertCloudFolder(db(), { ...me, name: 'Berichte' });
    const deep = await insertCloudFolder(db(), { ...me, parentId: reports.id, name: 'Bericht-Archiv' });
    await insertCloudFile(db(), { ...me, folderId: deep.id, name: 'Jahresbericht 2024.pdf' });
    await insertCloudFile(db(), { ...me, folderId: reports.id, name: 'Notizen.txt' });
    await insertCloudFile(db(), { ...me, name: 'BERICHT.docx' });
    await insertCloudFile(db(), { ...me, name: 'bericht-chat.pdf', hiddenInCloud: true, source: 'chat' });
    await insertCloudFile(db(), { ...me, name: 'bericht-alt.pdf', deletedAt: new Date() });

    const folder = await call('GET', `/api/folders/${reports.id}/content`, owner.token);
    expect(folder.statusCode).toBe(200);
    expect(names(folder.json())).toEqual(['Bericht-Archiv', 'Notizen.txt']);
    expect(folder.json().meta).toMatchObject({
      rootId: root.id,
      folder: { id: reports.id, name: 'Berichte', parentId: root.id },
    });

    const search = await call(
      'GET',
      `/api/folders/${reports.id}/content?search=BeRiChT&sort=name`,
      owner.token,
    );
    expect(names(search.json())).toEqual([
      'Bericht-Archiv',
      'Berichte',
      'BERICHT.docx',
      'Jahresbericht 2024.pdf',
    ]);
    expect(search.json().meta).toMatchObject({ files: 2, folders: 2, total: 4 });
    const my = await call(
      'GET',
      `/api/projects/${project.id}/cloud/folders/content?type=my&search=notiz`,
      owner.token,
    );
    expect(names(my.json())).toEqual(['Notizen.txt']);
  });

  it('treats LIKE wildcards in a search as plain characters', async () => {
    const { owner, project, me } = await library();
    await insertCloudFile(db(), { ...me, name: '100% fertig.pdf' });
    await insertCloudFile(db(), { ...me, name: '100 fertig.pdf' });
    await insertCloudFile(db(), { ...me, name: 'a_b.pdf' });
    await insertCloudFile(db(), { ...me, name: 'axb.pdf' });
    const search = async (text: string) =>
      names(
        (
          await call(
            'GET',
            `/api/projects/${project.id}/cloud/folders/content?search=${encodeURIComponent(text)}`,
            owner.token,
          )
        ).json(),
      );
    expect(await search('%')).toEqual(['100% fertig.pdf']);
    expect(await search('a_b')).toEqual(['a_b.pdf']);
    expect(await search('\\')).toEqual([]);
  });

  it('filters by extension (files only) and by whole creation days', async () => {
    const { owner, project, me } = await library();
    await insertCloudFolder(db(), { ...me, name: 'Ordner', createdAt: day('2024-05-10') });
    await insertCloudFile(db(), { ...me, name: 'a.pdf', createdAt: new Date('2024-05-09T23:59:59Z') });
    await insertCloudFile(db(), {
      ...me,
      name: 'b.PDF',
      extension: 'pdf',
      createdAt: new Date('2024-05-10T00:00:00Z'),
    });
    await insertCloudFile(db(), {
      ...me,
      name: 'c.png',
      type: 'image',
      createdAt: new Date('2024-05-11T23:59:59Z'),
    });
    await insertCloudFile(db(), { ...me, name: 'd.docx', createdAt: new Date('2024-05-12T00:00:00Z') });
    const list = async (query: string) =>
      names(
        (
          await call(
            'GET',
            `/api/projects/${project.id}/cloud/folders/content?sort=name&${query}`,
            owner.token,
          )
        ).json(),
      );
    expect(await list('ext=pdf')).toEqual(['a.pdf', 'b.PDF']);
    expect(await list('ext[]=.PDF&ext[]=png')).toEqual(['a.pdf', 'b.PDF', 'c.png']);
    expect(await list('ext=pdf,docx')).toEqual(['a.pdf', 'b.PDF', 'd.docx']);
    expect(await list('dateFrom=2024-05-10&dateTo=2024-05-11')).toEqual(['Ordner', 'b.PDF', 'c.png']);
    expect(await list('dateFrom=2024-05-10T00:00:01Z')).toEqual(['Ordner', 'c.png', 'd.docx']);
    expect(await list('dateTo=2024-05-10T00:00:00%2B00:00')).toEqual(['a.pdf', 'b.PDF']);
    expect(await list('ext=png&dateTo=2024-05-10')).toEqual([]);
  });

  it('serves the pseudo-folders', async () => {
    const { owner, project, me } = await library();
    const folder = await insertCloudFolder(db(), { ...me, name: 'Ordner' });
    const old = await insertCloudFile(db(), {
      ...me,
      folderId: folder.id,
      name: 'alt.png',
      type: 'image',
      createdAt: day('2024-01-01'),
      lastOpenedAt: day('2024-09-01'),
    });
    await insertCloudFile(db(), { ...me, name: 'film.mp4', type: 'video', createdAt: day('2024-02-01') });
    await insertCloudFile(db(), { ...me, name: 'lied.mp3', type: 'audio', createdAt: day('2024-03-01') });
    await insertCloudFile(db(), { ...me, name: 'text.pdf', createdAt: day('2024-04-01') });
    await insertCloudFile(db(), {
      ...me,
      name: 'archiv.zip',
      category: 'other',
      createdAt: day('2024-05-01'),
    });
    const chat = await insertCloudFile(db(), {
      ...me,
      name: 'chat.png',
      type: 'image',
      hiddenInCloud: true,
      source: 'chat',
      createdAt: day('2024-06-01'),
    });
    await insertCloudFile(db(), { ...me, name: 'weg.png', type: 'image', deletedAt: new Date() });
    const get = async (
      path: string,
    ): Promise<{ data: { name: string; isFavorite: boolean }[]; meta: object }> => {
      const response = await call('GET', `/api/projects/${project.id}/cloud/${path}`, owner.token);
      expect(response.statusCode, path).toBe(200);
      return response.json();
    };
    expect(names(await get('folders/content?type=latest'))).toEqual([
      'archiv.zip',
      'text.pdf',
      'lied.mp3',
      'film.mp4',
      'alt.png',
    ]);
    // Fast access is not "latest": only what was opened (GAPS 8: the most opened).
    expect(names(await get('folders/content?type=fast_access'))).toEqual(['alt.png']);
    expect(names(await get('files?type=photo'))).toEqual(['alt.png']);
    expect(names(await get('files?type=video'))).toEqual(['film.mp4']);
    expect(names(await get('files?type=audio'))).toEqual(['lied.mp3']);
    expect(names(await get('files?type=document'))).toEqual(['text.pdf']);
    expect(names(await get('files?type=messages'))).toEqual(['chat.png']);
    expect(names(await get('files?type=photo&deleted=true'))).toEqual(['weg.png']);
    const latest = await get('folders/content?type=latest');
    expect(latest.meta).toMatchObject({ folders: 0, files: 5, folder: null });

    await insertFavorite(db(), { fileId: old.id, accountId: owner.id, projectId: project.id });
    await insertFavorite(db(), { fileId: chat.id, accountId: owner.id, projectId: project.id });
    const favorites = await get('files?type=favorite');
    expect(names(favorites)).toEqual(['chat.png', 'alt.png']);
    expect(favorites.data.every((item: { isFavorite: boolean }) => item.isFavorite)).toBe(true);
  });

  it('keeps fast access to the 20 most opened files, the last opened first among equals', async () => {
    const { owner, project, me } = await library();
    for (let index = 0; index < 23; index++) {
      await insertCloudFile(db(), {
        ...me,
        name: `f${String(index).padStart(2, '0')}.pdf`,
        createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
        lastOpenedAt: new Date(Date.UTC(2024, 6, 1 + index)),
        openCount: 1,
      });
    }
    // Never opened: not in fast access, however new.
    await insertCloudFile(db(), { ...me, name: 'neu.pdf', createdAt: new Date() });
    // Opened most, though long ago: first.
    await db().update(cloudFiles).set({ openCount: 7 }).where(eq(cloudFiles.name, 'f00.pdf'));
    const page = async (number: number) =>
      (
        await call(
          'GET',
          `/api/projects/${project.id}/cloud/folders/content?type=fast_access&limit=15&page=${number}`,
          owner.token,
        )
      ).json<{ data: { name: string }[]; meta: object }>();
    const first = await page(1);
    expect(first.meta).toMatchObject({ total: 20, files: 20, pages: 2 });
    expect(names(first).slice(0, 3)).toEqual(['f00.pdf', 'f22.pdf', 'f21.pdf']);
    expect(names(await page(2))).toEqual(['f08.pdf', 'f07.pdf', 'f06.pdf', 'f05.pdf', 'f04.pdf']);
  });

  it('shows in Removed only what was deleted directly', async () => {
    const { owner, project, me } = await library();
    const deletedAt = new Date();
    const gone = await insertCloudFolder(db(), { ...me, name: 'Weg', deletedAt });
    await insertCloudFile(db(), {
      ...me,
      folderId: gone.id,
      name: 'drin.pdf',
      deletedAt,
      deletedVia: gone.id,
    });
    await insertCloudFile(db(), { ...me, name: 'einzeln.pdf', deletedAt });
    await insertCloudFile(db(), { ...me, name: 'chat.png', hiddenInCloud: true, source: 'chat', deletedAt });
    await insertCloudFile(db(), { ...me, name: 'da.pdf' });
    const removed = await call(
      'GET',
      `/api/projects/${project.id}/cloud/folders/content?type=removed&sort=name`,
      owner.token,
    );
    expect(names(removed.json())).toEqual(['Weg', 'chat.png', 'einzeln.pdf']);
    expect(removed.json().data.every((item: { isDeleted: boolean }) => item.isDeleted)).toBe(true);
    // Inside a removed folder its content shows.
    const inside = await call('GET', `/api/folders/${gone.id}/content`, owner.token);
    expect(names(inside.json())).toEqual(['drin.pdf']);
  });

  it('records nothing when listing', async () => {
    const { owner, project, me } = await library();
    const file = await insertCloudFile(db(), { ...me, name: 'a.pdf', createdAt: day('2024-01-01') });
    await call('GET', `/api/projects/${project.id}/cloud/folders/content?type=fast_access`, owner.token);
    await call('GET', `/api/projects/${project.id}/cloud/folders/content`, owner.token);
    const [row] = await db().select().from(cloudFiles).where(eq(cloudFiles.id, file.id));
    expect(row).toMatchObject({ lastOpenedAt: null, updatedAt: file.updatedAt });
  });
});

describe(`cloud library access (${testDriver})`, () => {
  it('never shows a member another member’s files (app host)', async () => {
    const alice = await person();
    const { app, project } = await createAppWithProfile(server, alice);
    const bob = await person();
    await addProfile(server, app, bob);
    const host = { 'x-app-id': app.id };
    const aliceFolder = await insertCloudFolder(db(), {
      projectId: project.id,
      ownerAccountId: alice.id,
      name: 'Alice',
    });
    await insertCloudFile(db(), { projectId: project.id, ownerAccountId: alice.id, name: 'alice.pdf' });

    const own = await call(
      'GET',
      `/api/projects/${project.id}/cloud/folders/content`,
      alice.token,
      undefined,
      host,
    );
    expect(own.statusCode).toBe(200);
    expect(names(own.json())).toEqual(['Alice', 'alice.pdf']);
    for (const query of ['type=my', 'type=latest&isAnother=true', 'type=my&search=alice']) {
      const response = await call(
        'GET',
        `/api/projects/${project.id}/cloud/folders/content?${query}`,
        bob.token,
        undefined,
        host,
      );
      expect(response.statusCode, query).toBe(200);
      expect(response.json().data, query).toEqual([]);
    }
    expect(
      (await call('GET', `/api/folders/${aliceFolder.id}/content`, bob.token, undefined, host)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/folders/${aliceFolder.id}/path`, bob.token, undefined, host)).statusCode,
    ).toBe(404);
    // Without the app header a member has no project access at all.
    expect(
      (await call('GET', `/api/projects/${project.id}/cloud/folders/content`, bob.token)).statusCode,
    ).toBe(404);
    // An app of another project does not open this project's cloud.
    const other = await createAppWithProfile(server, bob);
    expect(
      (
        await call('GET', `/api/projects/${project.id}/cloud/folders/content`, bob.token, undefined, {
          'x-app-id': other.app.id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses blocked members and lets punished members read only', async () => {
    const owner = await person();
    const { app, project } = await createAppWithProfile(server, owner, { as: 'owner' });
    const defaults = await ensureDefaultTags(db(), app);
    const sanctioned = async (kind: 'blocked' | 'punished') => {
      const someone = await person();
      const profile = await addProfile(server, app, someone);
      if (kind === 'punished') {
        await db()
          .update(profiles)
          .set({ punishedUntil: new Date(Date.now() + 3_600_000) })
          .where(eq(profiles.id, profile.id));
      }
      await db()
        .insert(profileTags)
        .values({ projectId: project.id, appId: app.id, profileId: profile.id, tagId: defaults[kind].id });
      return someone;
    };
    const host = { 'x-app-id': app.id };
    const blocked = await sanctioned('blocked');
    const punished = await sanctioned('punished');
    const content = `/api/projects/${project.id}/cloud/folders/content`;
    expect((await call('GET', content, blocked.token, undefined, host)).statusCode).toBe(403);
    const readable = await call('GET', content, punished.token, undefined, host);
    expect(readable.statusCode).toBe(200);
    const created = await call(
      'POST',
      `/api/projects/${project.id}/cloud/folders`,
      punished.token,
      { name: 'x' },
      host,
    );
    expect(created.statusCode).toBe(403);
    // Emptying the bin and asking about upload conflicts need rights a punished member lacks.
    const removed = `/api/projects/${project.id}/cloud/removed`;
    expect((await call('DELETE', removed, punished.token, undefined, host)).statusCode).toBe(403);
    const rootId = readable.json<{ meta: { rootId: string } }>().meta.rootId;
    const conflicts = `/api/folders/${rootId}/conflicts`;
    expect((await call('POST', conflicts, punished.token, { names: ['a.jpg'] }, host)).statusCode).toBe(403);
  });

  it('shows app members their own storage against their share, and the project’s only to the team', async () => {
    const owner = await person();
    const { app, project } = await createAppWithProfile(server, owner, { as: 'owner' });
    const member = await person();
    await addProfile(server, app, member);
    const mine = { projectId: project.id, ownerAccountId: owner.id };
    await insertCloudFile(db(), { ...mine, name: 'gross.zip', size: 900_000 });
    await insertCloudFile(db(), {
      projectId: project.id,
      ownerAccountId: member.id,
      name: 'm.pdf',
      size: 1000,
    });
    await insertCloudFile(db(), {
      projectId: project.id,
      ownerAccountId: member.id,
      name: 'weg.pdf',
      size: 500,
      deletedAt: new Date(),
    });
    const url = `/api/projects/${project.id}/cloud/storage`;
    const host = { 'x-app-id': app.id };
    const asMember = await call('GET', url, member.token, undefined, host);
    expect(asMember.statusCode).toBe(200);
    // business: 20 GB per member.
    expect(asMember.json().data).toMatchObject({
      scope: 'own',
      usedBytes: 1500,
      filesCount: 2,
      limitBytes: 20_480 * 1024 * 1024,
    });
    for (const answer of [
      await call('GET', url, owner.token),
      await call('GET', url, owner.token, undefined, host),
    ]) {
      expect(answer.json().data).toMatchObject({
        scope: 'project',
        usedBytes: 901_500,
        filesCount: 3,
        limitBytes: 1_048_576 * 1024 * 1024,
      });
    }
    expect((await call('GET', url, undefined)).statusCode).toBe(401);
    expect((await call('GET', url, member.token)).statusCode).toBe(404);
  });

  it('lets team members with file access in, and shows them others’ files with isAnother', async () => {
    const { owner, project, me } = await library();
    await insertCloudFile(db(), { ...me, name: 'chef.png', type: 'image' });
    await insertCloudFolder(db(), { ...me, name: 'Chef-Ordner' });
    const helper = await person();
    await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    const content = `/api/projects/${project.id}/cloud/folders/content`;
    const mine = await call('GET', content, helper.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([]);
    const others = await call(
      'GET',
      `/api/projects/${project.id}/cloud/files?type=photo&isAnother=true`,
      helper.token,
    );
    expect(names(others.json())).toEqual(['chef.png']);
    expect(others.json().data[0]).toMatchObject({ isOwn: false, permissions: { can: ['view', 'favorite'] } });
    const latest = await call('GET', `${content}?type=latest&isAnother=1`, helper.token);
    expect(names(latest.json())).toEqual(['chef.png']);

    await db()
      .update(projects)
      .set({ teamSettings: { canViewFiles: false } })
      .where(eq(projects.id, project.id));
    expect((await call('GET', content, helper.token)).statusCode).toBe(403);
    expect((await call('GET', content, owner.token)).statusCode).toBe(200);
  });
});

describe(`cloud tree, path, storage and limits (${testDriver})`, () => {
  it('answers the tree of live folders and the path of a folder', async () => {
    const { owner, project, me, root } = await library();
    const b = await insertCloudFolder(db(), { ...me, name: 'b' });
    const a = await insertCloudFolder(db(), { ...me, name: 'A' });
    const a1 = await insertCloudFolder(db(), { ...me, parentId: a.id, name: 'A1' });
    const a11 = await insertCloudFolder(db(), { ...me, parentId: a1.id, name: 'A11' });
    await insertCloudFolder(db(), { ...me, parentId: a.id, name: 'gelöscht', deletedAt: new Date() });
    const tree = await call('GET', `/api/projects/${project.id}/cloud/tree`, owner.token);
    expect(tree.statusCode).toBe(200);
    expect(tree.json().data).toEqual({
      id: root.id,
      name: 'My files',
      data: [
        {
          id: a.id,
          name: 'A',
          data: [{ id: a1.id, name: 'A1', data: [{ id: a11.id, name: 'A11', data: [] }] }],
        },
        { id: b.id, name: 'b', data: [] },
      ],
    });
    const path = await call('GET', `/api/folders/${a11.id}/path`, owner.token);
    expect(path.json().data).toEqual([
      { id: root.id, name: 'My files', parentId: null },
      { id: a.id, name: 'A', parentId: root.id },
      { id: a1.id, name: 'A1', parentId: a.id },
      { id: a11.id, name: 'A11', parentId: a1.id },
    ]);
  });

  it('counts the project’s stored bytes against its tariff', async () => {
    const { owner, project, me } = await library({ tariffId: 'starter' });
    await insertCloudFile(db(), { ...me, type: 'image', size: 100 });
    await insertCloudFile(db(), { ...me, type: 'video', size: 2000 });
    await insertCloudFile(db(), { ...me, size: 30, deletedAt: new Date() });
    const helper = await person();
    await insertCloudFile(db(), { projectId: project.id, ownerAccountId: helper.id, type: 'audio', size: 4 });
    const other = await library();
    await insertCloudFile(db(), { ...other.me, size: 99_999 });
    const storage = await call('GET', `/api/projects/${project.id}/cloud/storage`, owner.token);
    expect(storage.statusCode).toBe(200);
    expect(storage.json().data).toEqual({
      scope: 'project',
      usedBytes: 2134,
      limitBytes: 10_240 * 1024 * 1024,
      filesCount: 4,
      byType: { image: 100, video: 2000, audio: 4, other: 30 },
    });
  });

  it('answers the upload limits per type', async () => {
    const { owner } = await library();
    const response = await call('GET', '/api/cloud/upload/limits', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(uploadLimits);
    const mb = 1024 * 1024;
    expect(uploadLimitBytes(response.json().data, 'image/png')).toBe(20 * mb);
    expect(uploadLimitBytes(response.json().data, 'audio/mpeg')).toBe(500 * mb);
    expect(uploadLimitBytes(response.json().data, 'video/mp4')).toBe(10_240 * mb);
    expect(uploadLimitBytes(response.json().data, 'application/pdf')).toBe(200 * mb);
    expect(uploadLimitBytes(response.json().data, 'text/csv')).toBe(200 * mb);
    expect(uploadLimitBytes(response.json().data, 'application/zip')).toBe(10_240 * mb);
  });

  it('answers the catalogue of known file types', async () => {
    const { owner } = await library();
    const response = await call('GET', '/api/cloud/mime-types', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(
      expect.arrayContaining([
        { mimeType: 'application/pdf', extensions: ['pdf'], type: 'other' },
        { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'], type: 'image' },
      ]),
    );
  });
});

describe(`cloud saved searches (${testDriver})`, () => {
  it('keeps saved searches per person, at most 50', async () => {
    const { owner, project } = await library();
    const base = `/api/projects/${project.id}/cloud/searches`;
    expect((await call('POST', base, undefined, { name: 'x', filters: {} })).statusCode).toBe(401);
    expect((await call('POST', base, owner.token, { name: '', filters: {} })).statusCode).toBe(400);
    expect((await call('POST', base, owner.token, { name: 'x', filters: { type: 'nope' } })).statusCode).toBe(
      400,
    );
    const created = await call('POST', base, owner.token, {
      name: 'PDFs aus Mai',
      filters: { ext: ['pdf'], dateFrom: '2024-05-01', dateTo: '2024-05-31', type: 'my' },
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json().data;
    expect(saved).toMatchObject({ name: 'PDFs aus Mai', filters: { ext: ['pdf'], type: 'my' } });
    expect((await call('GET', base, owner.token)).json().data).toEqual([saved]);

    const helper = await person();
    await addTeamMember(server, project, { email: helper.email, accountId: helper.id });
    expect((await call('GET', base, helper.token)).json().data).toEqual([]);
    expect((await call('DELETE', `/api/cloud/searches/${saved.id}`, helper.token)).statusCode).toBe(404);
    const stranger = await person();
    expect((await call('GET', base, stranger.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cloud/searches/${saved.id}`, stranger.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cloud/searches/${saved.id}`, owner.token)).statusCode).toBe(204);
    expect((await call('GET', base, owner.token)).json().data).toEqual([]);

    for (let index = 0; index < 50; index++) {
      expect((await call('POST', base, helper.token, { name: `s${index}`, filters: {} })).statusCode).toBe(
        201,
      );
    }
    const over = await call('POST', base, helper.token, { name: 'zu viel', filters: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { limit: 50, used: 50 } });
  });
});
