import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appInvitations, apps, profiles } from '../../db/schema/index.ts';

export type InvitationRow = typeof appInvitations.$inferSelect;

export async function insertInvitation(
  db: DbOrTx,
  values: typeof appInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await db.insert(appInvitations).values(values).returning();
  return row!;
}

/** An invitation that can still be accepted (not used, not expired, its app not archived), with its app. */
export async function findOpenInvitationByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ invitation: appInvitations, app: { id: apps.id, name: apps.name, slug: apps.slug } })
    .from(appInvitations)
    .innerJoin(apps, and(eq(apps.id, appInvitations.appId), eq(apps.isArchive, false)))
    .where(
      and(
        eq(appInvitations.tokenHash, tokenHash),
        isNull(appInvitations.acceptedAt),
        gt(appInvitations.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Marks the invitation used by an account; false when someone accepted it first. */
export async function markInvitationAccepted(db: DbOrTx, id: string, accountId: string): Promise<boolean> {
  const rows = await db
    .update(appInvitations)
    .set({ acceptedAt: sql`now()`, acceptedByAccountId: accountId, updatedAt: sql`now()` })
    .where(and(eq(appInvitations.id, id), isNull(appInvitations.acceptedAt)))
    .returning({ id: appInvitations.id });
  return rows.length === 1;
}

export async function findLiveProfileId(
  db: DbOrTx,
  appId: string,
  accountId: string,
): Promise<{ id: string; type: string } | undefined> {
  const [row] = await db
    .select({ id: profiles.id, type: profiles.type })
    .from(profiles)
    .where(and(eq(profiles.appId, appId), eq(profiles.accountId, accountId), isNull(profiles.deletedAt)));
  return row;
}

export async function setProfileType(
  db: DbOrTx,
  appId: string,
  profileId: string,
  type: InvitationRow['memberType'],
): Promise<void> {
  await db
    .update(profiles)
    .set({ type, updatedAt: sql`now()` })
    .where(and(eq(profiles.appId, appId), eq(profiles.id, profileId)));
}

/** Ends the open invitations of an address into an app (a new one replaces them): their links stop working. */
export async function closeOpenInvitations(db: DbOrTx, appId: string, email: string): Promise<void> {
  await db
    .update(appInvitations)
    .set({ expiresAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(appInvitations.appId, appId),
        // Addresses are stored lower-case (the forms normalise them), so the (app_id, email) index serves.
        eq(appInvitations.email, email.toLowerCase()),
        isNull(appInvitations.acceptedAt),
        gt(appInvitations.expiresAt, sql`now()`),
      ),
    );
}

/** The member type the newest invitation of an address into an app offered (open or not). */
export async function findLatestInvitationType(
  db: DbOrTx,
  appId: string,
  email: string,
): Promise<InvitationRow['memberType'] | undefined> {
  const [row] = await db
    .select({ memberType: appInvitations.memberType })
    .from(appInvitations)
    .where(and(eq(appInvitations.appId, appId), eq(appInvitations.email, email.toLowerCase())))
    .orderBy(sql`${appInvitations.createdAt} desc`)
    .limit(1);
  return row?.memberType;
}
