import { teamMembers } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

export const tenantFixture: TenantFixturePart = async ({ db, project }) => {
  const email = `team.a.${newId()}@beispiel.de`;
  const [teamMember] = await db
    .insert(teamMembers)
    .values({ id: newId(), projectId: project.id, email, status: 'pending' })
    .returning();
  return { ids: { teamMemberId: teamMember!.id }, secrets: [email] };
};
