import { and, eq, isNull, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, apps, profiles, projects, sessions } from '../../db/schema/index.ts';

/** A live profile with its app, project and the names of its account. */
export async function findLiveProfileForGeneral(db: DbOrTx, profileId: string) {
  const [row] = await db
    .select({
      profile: profiles,
      app: apps,
      project: projects,
      account: { email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName },
    })
    .from(profiles)
    .innerJoin(apps, eq(apps.id, profiles.appId))
    .innerJoin(projects, eq(projects.id, profiles.projectId))
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(eq(profiles.id, profileId), isNull(profiles.deletedAt)));
  return row;
}

/** When the account last used a session signed in on this app; null when never. */
export async function findLastSeenInApp(db: DbOrTx, appId: string, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastSeenAt: max(sessions.lastUsedAt) })
    .from(sessions)
    .where(and(eq(sessions.appId, appId), eq(sessions.accountId, accountId)));
  return row?.lastSeenAt ?? null;
}
