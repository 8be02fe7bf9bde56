import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudList } from '../../../contracts/cloud.ts';
import { cloudFiles } from '../../db/schema/index.ts';
import { insertCloudFile, insertCloudFolder, rootFolderOf } from '../../test/cloud.ts';
import { signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createProjectFor } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.runtime.database.db;

async function library() {
  const person = await signUp(server);
  const project = await createProjectFor(server, person.account);
  const owner = { projectId: project.id, ownerAccountId: person.account.id };
  const root = await rootFolderOf(db(), owner);
  const folder = await insertCloudFolder(db(), { ...owner, name: 'Archiv' });
  const get = async (url: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${person.accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json<CloudList>();
  };
  return { owner, root, folder, get, token: person.accessToken };
}

describe(`cached cloud lists (${testDriver})`, () => {
  it('answers a changed library at once, whoever changed it (API, job, database)', async () => {
    const { owner, folder, get, token } = await library();
    const file = await insertCloudFile(db(), { ...owner, folderId: folder.id, name: 'alt.pdf' });
    const url = `/api/folders/${folder.id}/content`;
    expect((await get(url)).data.map((item) => item.name)).toEqual(['alt.pdf']);
    expect(await get(url)).toEqual(await get(url));

    // A rename through the API.
    const renamed = await server.app.inject({
      method: 'PATCH',
      url: `/api/files/${file.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'neu.pdf' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(url)).data.map((item) => item.name)).toEqual(['neu.pdf']);

    // A processing job writing its result straight to the row.
    await db().update(cloudFiles).set({ status: 'error' }).where(eq(cloudFiles.id, file.id));
    expect((await get(url)).data[0]?.status).toBe('error');

    // A favourite shows in the flag of the folder list.
    const favorite = await server.app.inject({
      method: 'POST',
      url: `/api/files/${file.id}/favorite`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(favorite.statusCode).toBe(204);
    expect((await get(url)).data[0]?.isFavorite).toBe(true);

    // Search over the library and the pseudo-folders follow too.
    const search = `/api/projects/${owner.projectId}/cloud/folders/content?type=my&search=neu`;
    expect((await get(search)).meta.total).toBe(1);
    await insertCloudFile(db(), { ...owner, folderId: folder.id, name: 'neu-2.pdf' });
    expect((await get(search)).meta.total).toBe(2);
    expect((await get(url)).meta.files).toBe(2);
  });

  it('never hands one person’s cached list to another', async () => {
    const first = await library();
    const second = await library();
    await insertCloudFile(db(), { ...first.owner, folderId: first.folder.id, name: 'privat.pdf' });
    expect((await first.get(`/api/folders/${first.folder.id}/content`)).meta.total).toBe(1);
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/api/folders/${first.folder.id}/content`,
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('privat.pdf');
  });
});
