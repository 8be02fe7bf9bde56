import { and, eq } from 'drizzle-orm';
import type { MemberType } from '../../../contracts/enums.ts';
import { profileTags, profiles, tags } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertTestAccount } from '../identity.ts';
import type { TenantFixture } from '../route-table.ts';
import type { TestServer } from '../test-server.ts';
import { addProfile, addTeamMember } from '../workspace.ts';
import { holdingsOf, type Role } from './expected.ts';

/** How the matrix calls as one role: its token (none for the guest), extra headers, the member it looks at. */
export type MatrixCaller = {
  authorization?: string;
  headers: Record<string, string>;
  /**
   * The plain member this role looks at on member routes: one per role, so the invitation resend limit
   * (2 a minute per member) counts each role once.
   */
  lookedAtProfileId: string;
};

/**
 * Every role of the matrix as real rows inside the fixture's tenant: profiles, default tags (blocked,
 * punished), active and pending team members, and the masquerade headers. Each role is its own account, so
 * per-account attempt limits never mix roles.
 */
export async function createMatrixCallers(
  server: TestServer,
  fixture: TenantFixture,
): Promise<Record<Role, MatrixCaller>> {
  const db = server.runtime.database.db;
  const { appId, projectId } = fixture;
  const app = { id: appId, projectId };
  const person = async () => (await insertTestAccount(server)).account;
  const withProfile = async (type: MemberType) => {
    const account = await person();
    return { account, profile: await addProfile(server, app, account, type) };
  };
  const onTeam = async (status: 'active' | 'pending' = 'active') => {
    const account = await person();
    await addTeamMember(server, { id: projectId }, { email: account.email, accountId: account.id }, status);
    return { account };
  };
  const sanction = async (kind: 'blocked' | 'punished') => {
    const member = await withProfile('member');
    const [tag] = await db
      .insert(tags)
      .values({ id: newId(), projectId, appId, name: kind, kind })
      .returning();
    await db.insert(profileTags).values({ projectId, appId, profileId: member.profile.id, tagId: tag!.id });
    if (kind === 'punished') {
      await db
        .update(profiles)
        .set({ punishedUntil: new Date(Date.now() + 3_600_000) })
        .where(eq(profiles.id, member.profile.id));
    }
    return member;
  };
  const [ownerProfile] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.appId, appId), eq(profiles.accountId, fixture.ownerAccountId)));

  const admin = await withProfile('admin');
  const member = await withProfile('member');
  const people: Record<Role, { account?: { id: string }; masqueradeAs?: string }> = {
    owner: { account: { id: fixture.ownerAccountId } },
    admin,
    moderator: await withProfile('moderator'),
    member,
    invited: await withProfile('invited'),
    guest: {},
    'signed-in stranger': { account: await person() },
    'blocked member': await sanction('blocked'),
    'punished member': await sanction('punished'),
    'team member': await onTeam(),
    'pending team member': await onTeam('pending'),
    'admin as member': { ...(await withProfile('admin')), masqueradeAs: member.profile.id },
    'admin as owner': { ...(await withProfile('admin')), masqueradeAs: ownerProfile!.id },
    'admin as admin': { ...(await withProfile('admin')), masqueradeAs: admin.profile.id },
    'team member as owner': { ...(await onTeam()), masqueradeAs: ownerProfile!.id },
    'team: no rights': await onTeam(),
    'team: only edit': await onTeam(),
    'team: only apps': await onTeam(),
    'team: only files': await onTeam(),
    'team: only plans': await onTeam(),
    'team: only payment providers': await onTeam(),
  };

  const callers = {} as Record<Role, MatrixCaller>;
  for (const role of Object.keys(holdingsOf) as Role[]) {
    const { account, masqueradeAs } = people[role];
    const lookedAt = await withProfile('member');
    callers[role] = {
      ...(account ? { authorization: (await server.tokenFor(account.id)).authorization } : {}),
      headers: masqueradeAs ? { 'x-masquerade-profile': masqueradeAs } : {},
      lookedAtProfileId: lookedAt.profile.id,
    };
  }
  return callers;
}
