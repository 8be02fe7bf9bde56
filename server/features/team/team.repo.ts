import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamMemberStatus } from '../../../contracts/enums.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, projects, teamMembers, type TeamSettings } from '../../db/schema/index.ts';
import { pageOffset, type PageRequest } from '../../platform/pagination.ts';

export type TeamMemberRow = typeof teamMembers.$inferSelect;
/** A team row with the names of its linked account ('' while the address has none). */
export type TeamMemberWithNames = TeamMemberRow & { firstName: string; lastName: string };

const withNames = {
  member: teamMembers,
  firstName: sql<string>`coalesce(${accounts.firstName}, '')`,
  lastName: sql<string>`coalesce(${accounts.lastName}, '')`,
};
const flatten = (row: {
  member: TeamMemberRow;
  firstName: string;
  lastName: string;
}): TeamMemberWithNames => ({
  ...row.member,
  firstName: row.firstName,
  lastName: row.lastName,
});

/**
 * Locks the project row until the transaction ends, so parallel team changes of one project (quota checks,
 * duplicate addresses) run one after the other.
 */
export async function lockProject(tx: DbOrTx, projectId: string): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

/** A team row by id, whatever project it belongs to: the caller's access to that project is checked next. */
export async function findTeamMemberById(db: DbOrTx, id: string): Promise<TeamMemberRow | undefined> {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id));
  return row;
}

export async function findTeamMemberWithNames(
  db: DbOrTx,
  projectId: string,
  id: string,
): Promise<TeamMemberWithNames | undefined> {
  const [row] = await db
    .select(withNames)
    .from(teamMembers)
    .leftJoin(accounts, eq(accounts.id, teamMembers.accountId))
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.id, id)));
  return row && flatten(row);
}

export async function findTeamMemberByEmail(
  db: DbOrTx,
  projectId: string,
  email: string,
): Promise<TeamMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.email, email.toLowerCase())));
  return row;
}

export async function insertTeamMember(
  db: DbOrTx,
  values: typeof teamMembers.$inferInsert,
): Promise<TeamMemberRow> {
  const [row] = await db
    .insert(teamMembers)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  return row!;
}

/** The team of a project, oldest first (the order people joined). */
export async function listTeamMembers(
  db: DbOrTx,
  projectId: string,
  page: PageRequest,
): Promise<{ rows: TeamMemberWithNames[]; total: number }> {
  const rows = await db
    .select(withNames)
    .from(teamMembers)
    .leftJoin(accounts, eq(accounts.id, teamMembers.accountId))
    .where(eq(teamMembers.projectId, projectId))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id))
    .limit(page.limit)
    .offset(pageOffset(page));
  const [total] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(eq(teamMembers.projectId, projectId));
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** Deletes the row (only while it has `onlyStatus`, when given); false when it was already gone. */
export async function deleteTeamMember(
  db: DbOrTx,
  projectId: string,
  id: string,
  onlyStatus?: TeamMemberStatus,
): Promise<boolean> {
  const rows = await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.projectId, projectId),
        eq(teamMembers.id, id),
        onlyStatus ? eq(teamMembers.status, onlyStatus) : undefined,
      ),
    )
    .returning({ id: teamMembers.id });
  return rows.length === 1;
}

/** Sets the status (and the account on accepting) while the row still has `from`; false otherwise. */
export async function setTeamMemberStatus(
  db: DbOrTx,
  projectId: string,
  id: string,
  from: TeamMemberStatus,
  values: { status: TeamMemberStatus; accountId?: string },
): Promise<boolean> {
  const rows = await db
    .update(teamMembers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.id, id), eq(teamMembers.status, from)))
    .returning({ id: teamMembers.id });
  return rows.length === 1;
}

const inviters = alias(accounts, 'inviters');

/**
 * Pending team invitations addressed to an e-mail, across projects, newest first. Reads across projects on
 * purpose: keyed by the signed-in person's own address.
 */
export async function listPendingInvitationsForEmail(db: DbOrTx, email: string, page: PageRequest) {
  const where = and(
    eq(teamMembers.email, email.toLowerCase()),
    eq(teamMembers.status, 'pending'),
    eq(projects.isArchive, false),
  );
  const rows = await db
    .select({
      id: teamMembers.id,
      projectId: teamMembers.projectId,
      projectName: projects.name,
      createdAt: teamMembers.createdAt,
      inviterFirstName: inviters.firstName,
      inviterLastName: inviters.lastName,
    })
    .from(teamMembers)
    .innerJoin(projects, eq(projects.id, teamMembers.projectId))
    .leftJoin(inviters, eq(inviters.id, teamMembers.invitedByAccountId))
    .where(where)
    .orderBy(desc(teamMembers.createdAt), desc(teamMembers.id))
    .limit(page.limit)
    .offset(pageOffset(page));
  const [total] = await db
    .select({ n: count() })
    .from(teamMembers)
    .innerJoin(projects, eq(projects.id, teamMembers.projectId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A pending invitation of this address (any other id, status or address: undefined). */
export async function findPendingInvitationForEmail(
  db: DbOrTx,
  id: string,
  email: string,
): Promise<TeamMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.id, id),
        eq(teamMembers.email, email.toLowerCase()),
        eq(teamMembers.status, 'pending'),
      ),
    );
  return row;
}

/** Merges the changed settings into the stored ones in one statement (parallel changes both stay). */
export async function mergeTeamSettings(
  db: DbOrTx,
  projectId: string,
  changes: TeamSettings,
): Promise<TeamSettings | undefined> {
  const [row] = await db
    .update(projects)
    .set({ teamSettings: sql`${projects.teamSettings} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(projects.id, projectId))
    .returning({ teamSettings: projects.teamSettings });
  return row?.teamSettings;
}

export async function findAccountNames(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      language: accounts.language,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}
