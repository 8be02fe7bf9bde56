import { invitationLinks } from '../../db/schema/index.ts';
import { randomToken } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

export const tenantFixture: TenantFixturePart = async ({ db, project, app }) => {
  const token = randomToken();
  const [link] = await db
    .insert(invitationLinks)
    .values({ id: newId(), projectId: project.id, appId: app.id, name: 'Link A', token })
    .returning();
  return { ids: { invitationLinkId: link!.id }, secrets: [token] };
};
