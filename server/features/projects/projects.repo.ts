import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, projects, teamMembers } from '../../db/schema/index.ts';
import type { PageRequest } from '../../platform/pagination.ts';
import { pageOffset } from '../../platform/pagination.ts';
import { visibleProjectsCondition, type ProjectRow } from '../workspace/public.ts';

export type TeamMemberRow = typeof teamMembers.$inferSelect;

/**
 * One page of the projects an account may open (owned or on the active team), archived or not, newest first.
 * Reads across projects on purpose: keyed by the account.
 */
export async function listVisibleProjectsOfAccount(
  db: DbOrTx,
  accountId: string,
  filter: { isArchive: boolean },
  page: PageRequest,
): Promise<{ rows: ProjectRow[]; total: number }> {
  const where = and(visibleProjectsCondition(accountId), eq(projects.isArchive, filter.isArchive));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateProject(
  db: DbOrTx,
  projectId: string,
  values: Partial<Pick<ProjectRow, 'name' | 'isArchive'>>,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId))
    .returning();
  return row;
}

/** The address of a live account (a deleted account has none to record as a contact). */
export async function findAccountEmail(db: DbOrTx, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.deletedAt)));
  return row?.email;
}

/**
 * The caller's own seat on a project's team that they may give up: active, or pending (matched by account,
 * or by address while the invitation is not yet tied to an account).
 */
export async function findLeavableTeamSeat(
  db: DbOrTx,
  projectId: string,
  account: { id: string; email: string },
): Promise<TeamMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.projectId, projectId),
        inArray(teamMembers.status, ['active', 'pending']),
        or(
          eq(teamMembers.accountId, account.id),
          and(
            isNull(teamMembers.accountId),
            sql`lower(${teamMembers.email}) = ${account.email.toLowerCase()}`,
          ),
        ),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteTeamSeat(db: DbOrTx, projectId: string, teamMemberId: string): Promise<void> {
  await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.id, teamMemberId)));
}
