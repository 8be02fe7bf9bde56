import { cloudSavedSearches } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertCloudFile, insertCloudFolder } from '../../test/cloud.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

export const tenantFixture: TenantFixturePart = async ({ db, project, owner }) => {
  const cloudOwner = { projectId: project.id, ownerAccountId: owner.id };
  const folder = await insertCloudFolder(db, { ...cloudOwner, name: 'Geheimordner-A' });
  const file = await insertCloudFile(db, { ...cloudOwner, folderId: folder.id, name: 'Geheimdatei-A.pdf' });
  const [savedSearch] = await db
    .insert(cloudSavedSearches)
    .values({ id: newId(), projectId: project.id, accountId: owner.id, name: 'Geheimsuche-A', filters: {} })
    .returning();
  return {
    ids: { folderId: folder.id, fileId: file.id, savedSearchId: savedSearch!.id },
    secrets: ['Geheimordner-A', 'Geheimdatei-A', 'Geheimsuche-A'],
  };
};
