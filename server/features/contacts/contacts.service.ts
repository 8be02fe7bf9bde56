import type { Contact, ContactListQuery } from '../../../contracts/contacts.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { paginate } from '../../platform/pagination.ts';
import { findLiveAccountById } from '../auth/public.ts';
import { removeProfileFromApp } from '../profile/public.ts';
import type { ProjectAccess } from '../workspace/public.ts';
import { contactPermissions, type ContactFacts } from './contacts.policy.ts';
import { presentContact } from './contacts.presenter.ts';
import * as repo from './contacts.repo.ts';
import type { ContactScopeAccess } from './contacts.scopes.ts';

/** The project's contacts (spec §7 contacts): everyone the project knows, and forgetting one of them. */
export function createContactService(deps: { db: Db }) {
  const { db } = deps;

  /** What decides a contact's permissions: is it the owner, is it on the team. */
  async function factsOf(access: ProjectAccess, rows: repo.ContactRow[]): Promise<ContactFacts[]> {
    const owner = await findLiveAccountById(db, access.project.ownerAccountId);
    const team = await repo.listTeamKeys(db, access.project.id);
    const teamEmails = new Set(team.map((member) => member.email.toLowerCase()));
    const teamAccounts = new Set(team.flatMap((member) => (member.accountId ? [member.accountId] : [])));
    return rows.map((row) => ({
      isOwner:
        row.accountId === access.project.ownerAccountId ||
        (owner !== undefined && owner.email.toLowerCase() === row.email.toLowerCase()),
      isOnTeam:
        teamEmails.has(row.email.toLowerCase()) ||
        (row.accountId !== null && teamAccounts.has(row.accountId)),
    }));
  }

  return {
    async list(access: ProjectAccess, query: ContactListQuery): Promise<Paginated<Contact>> {
      const projectId = access.project.id;
      const page = { page: query.page, limit: query.limit };
      const filter = {
        search: query['filter[search]'] || undefined,
        source: query['filter[source]'],
        appId: query['filter[appId]'],
      };
      const { rows, total } = await repo.listContacts(db, projectId, filter, query.sort, page);
      const accountIds = rows.flatMap((row) => (row.accountId ? [row.accountId] : []));
      const profiles = await repo.listLiveProfilesOfAccountsInProject(db, projectId, accountIds);
      const facts = await factsOf(access, rows);
      const data = rows.map((row, index) =>
        presentContact(
          row,
          profiles.filter((profile) => profile.accountId === row.accountId),
          contactPermissions(access, facts[index]!),
        ),
      );
      return paginate(data, total, page);
    },

    /**
     * Forgets a person: the contact goes and every live profile of theirs in the project's apps is removed
     * like a member leaving (personal data erased, app sessions and push tokens ended), in one transaction.
     * The owner cannot be forgotten (409 OWNER_LOCKED); a team member leaves the team first (409 CONFLICT).
     */
    async delete({ project: access, contact }: ContactScopeAccess): Promise<void> {
      const [facts] = await factsOf(access, [contact]);
      if (facts!.isOwner) {
        throw conflict(errorCodes.ownerLocked);
      }
      if (facts!.isOnTeam) {
        throw conflict(errorCodes.conflict, { reason: 'teamMember' });
      }
      await db.transaction(async (tx) => {
        const profiles = contact.accountId
          ? await repo.listLiveProfilesOfAccountsInProject(tx, contact.projectId, [contact.accountId])
          : [];
        // The owner of an app keeps the app (ownership moves first).
        if (profiles.some((profile) => profile.isOwner)) {
          throw conflict(errorCodes.ownerLocked);
        }
        if (!(await repo.deleteContact(tx, contact.projectId, contact.id))) {
          throw notFound();
        }
        for (const profile of profiles) {
          await removeProfileFromApp(tx, profile, 'contact_deleted');
        }
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
