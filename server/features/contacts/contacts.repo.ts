import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ContactSourceValue } from '../../../contracts/contacts.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, apps, contacts, profiles, teamMembers } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, type PageRequest } from '../../platform/pagination.ts';
import type { ProfileRow } from '../workspace/public.ts';
import { containsPattern } from '../../db/like.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactSource = ContactSourceValue;

/**
 * Records that the project knows this person (spec Contact). Idempotent per project and address: the first
 * source is kept, a later account id fills in. Call wherever a profile or team membership is created.
 */
export async function ensureContact(
  db: DbOrTx,
  values: { projectId: string; email: string; accountId: string | null; source: ContactSource },
): Promise<void> {
  await db
    .insert(contacts)
    .values({
      id: newId(),
      projectId: values.projectId,
      email: values.email.toLowerCase(),
      accountId: values.accountId,
      source: values.source,
    })
    .onConflictDoUpdate({
      target: [contacts.projectId, contacts.email],
      set: { accountId: sql`coalesce(${contacts.accountId}, excluded.account_id)` },
    });
}

export async function findContactInProject(
  db: DbOrTx,
  projectId: string,
  contactId: string,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.projectId, projectId), eq(contacts.id, contactId)));
  return row;
}

// ---------- the contacts list and deletion ----------

/** A contact with the names of its account ('' while the address has none). */
export type ContactListRow = ContactRow & { firstName: string; lastName: string };

export type ContactFilter = {
  search?: string | undefined;
  source?: ContactSource | undefined;
  /** Only contacts with a live profile in this app (an app of the project). */
  appId?: string | undefined;
};
export type ContactOrder = 'createdAt' | '-createdAt' | 'email' | '-email';

function contactConditions(projectId: string, filter: ContactFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(contacts.projectId, projectId)];
  if (filter.source) {
    conditions.push(eq(contacts.source, filter.source));
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(contacts.email, pattern),
        ilike(accounts.firstName, pattern),
        ilike(accounts.lastName, pattern),
        sql`(${accounts.firstName} || ' ' || ${accounts.lastName}) ilike ${pattern}`,
      ),
    );
  }
  if (filter.appId) {
    conditions.push(
      sql`exists (select 1 from ${profiles} where ${profiles.projectId} = ${projectId} and ${profiles.appId} = ${filter.appId} and ${profiles.accountId} = ${contacts.accountId} and ${profiles.deletedAt} is null)`,
    );
  }
  return and(...conditions);
}

const contactOrders: Record<ContactOrder, SQL[]> = {
  createdAt: [asc(contacts.createdAt), asc(contacts.id)],
  '-createdAt': [desc(contacts.createdAt), desc(contacts.id)],
  email: [asc(contacts.email), asc(contacts.id)],
  '-email': [desc(contacts.email), desc(contacts.id)],
};

export async function listContacts(
  db: DbOrTx,
  projectId: string,
  filter: ContactFilter,
  order: ContactOrder,
  page: PageRequest,
): Promise<{ rows: ContactListRow[]; total: number }> {
  const where = contactConditions(projectId, filter);
  const rows = await db
    .select({
      contact: contacts,
      firstName: sql<string>`coalesce(${accounts.firstName}, '')`,
      lastName: sql<string>`coalesce(${accounts.lastName}, '')`,
    })
    .from(contacts)
    .leftJoin(accounts, eq(accounts.id, contacts.accountId))
    .where(where)
    .orderBy(...contactOrders[order])
    .limit(page.limit)
    .offset(pageOffset(page));
  const [total] = await db
    .select({ n: count() })
    .from(contacts)
    .leftJoin(accounts, eq(accounts.id, contacts.accountId))
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.contact, firstName: row.firstName, lastName: row.lastName })),
    total: total?.n ?? 0,
  };
}

export type ContactProfileRow = Pick<
  ProfileRow,
  'id' | 'appId' | 'accountId' | 'type' | 'isOwner' | 'avatarId' | 'updatedAt'
> & { appName: string };

/** The live profiles these accounts have in the project's apps, most recently updated first. */
export async function listLiveProfilesOfAccountsInProject(
  db: DbOrTx,
  projectId: string,
  accountIds: readonly string[],
): Promise<ContactProfileRow[]> {
  if (accountIds.length === 0) {
    return [];
  }
  return db
    .select({
      id: profiles.id,
      appId: profiles.appId,
      accountId: profiles.accountId,
      type: profiles.type,
      isOwner: profiles.isOwner,
      avatarId: profiles.avatarId,
      updatedAt: profiles.updatedAt,
      appName: apps.name,
    })
    .from(profiles)
    .innerJoin(apps, eq(apps.id, profiles.appId))
    .where(
      and(
        eq(profiles.projectId, projectId),
        inArray(profiles.accountId, [...accountIds]),
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(desc(profiles.updatedAt), desc(profiles.id));
}

/** A contact by id, whatever project it belongs to: the caller's access to that project is checked next. */
export async function findContactById(db: DbOrTx, contactId: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, contactId));
  return row;
}

/** The addresses and accounts of the project's team (any status), to tell which contacts are on it. */
export async function listTeamKeys(db: DbOrTx, projectId: string) {
  return db
    .select({ email: teamMembers.email, accountId: teamMembers.accountId })
    .from(teamMembers)
    .where(eq(teamMembers.projectId, projectId));
}

export async function deleteContact(db: DbOrTx, projectId: string, contactId: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.projectId, projectId), eq(contacts.id, contactId)))
    .returning({ id: contacts.id });
  return rows.length === 1;
}
