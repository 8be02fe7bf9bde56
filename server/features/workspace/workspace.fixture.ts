import { insertTestAccount } from '../../test/identity.ts';
import type { TenantBase, TenantFixturePart } from '../../test/route-table.ts';
import type { TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile } from '../../test/workspace.ts';

/**
 * The tenant every feature's fixture adds its rows to: an owner with a project and an app, a member and an
 * invited person.
 */
export async function createTenantBase(
  server: TestServer,
  owner?: { id: string; email: string },
): Promise<TenantBase> {
  const ownerAccount = owner ?? (await insertTestAccount(server)).account;
  const { project, app } = await createAppWithProfile(server, ownerAccount, {
    as: 'owner',
    appName: 'Geheime App A',
  });
  const member = (await insertTestAccount(server)).account;
  const memberProfile = await addProfile(server, app, member, 'member');
  const invited = (await insertTestAccount(server)).account;
  await addProfile(server, app, invited, 'invited');
  return {
    server,
    db: server.runtime.database.db,
    owner: ownerAccount,
    project,
    app,
    member,
    memberProfile,
    invited,
  };
}

export const tenantFixture: TenantFixturePart = async (tenant) => ({
  ids: { projectId: tenant.project.id, appId: tenant.app.id, profileId: tenant.memberProfile.id },
  secrets: [tenant.project.name, tenant.owner.email, tenant.member.email, tenant.invited.email],
});
