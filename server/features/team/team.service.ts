import { errorCodes } from '../../../contracts/errors.ts';
import type {
  TeamInvitation,
  TeamMember,
  TeamMemberCreateBody,
  TeamMemberList,
  TeamMemberPatchBody,
  TeamSettingsPatchBody,
} from '../../../contracts/team.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { TeamSettingsValues } from '../../../contracts/workspace.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { paginate, type PageRequest } from '../../platform/pagination.ts';
import { findLiveAccountByEmail, findLiveAccountById } from '../auth/public.ts';
import { ensureContact } from '../contacts/public.ts';
import { assertWithinQuota } from '../projects/public.ts';
import { teamSettingsOf, type ProjectAccess } from '../workspace/public.ts';
import { teamMemberPermissions } from './team.policy.ts';
import { presentTeamInvitation, presentTeamMember } from './team.presenter.ts';
import * as repo from './team.repo.ts';
import type { TeamMemberScopeAccess } from './team.scopes.ts';

export type TeamServiceDeps = { db: Db; mailer: Mailer; publicBaseUrl: string };

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * The project team on the service host: the owner invites addresses, the invited person accepts or declines,
 * the owner pauses, resumes and removes members and decides what the team may do (team settings).
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { db, mailer, publicBaseUrl } = deps;

  async function presentOne(access: ProjectAccess, teamMemberId: string): Promise<TeamMember> {
    const row = await repo.findTeamMemberWithNames(db, access.project.id, teamMemberId);
    if (!row) {
      throw notFound();
    }
    return presentTeamMember(row, teamMemberPermissions(access, row));
  }

  /** The signed-in account (live), whose address the invitations are keyed by. */
  async function requireLiveAccount(actor: Actor) {
    const account = actor.kind === 'account' ? await findLiveAccountById(db, actor.accountId) : undefined;
    if (!account) {
      throw unauthorized();
    }
    return account;
  }

  return {
    async list(access: ProjectAccess, page: PageRequest): Promise<TeamMemberList> {
      const { rows, total } = await repo.listTeamMembers(db, access.project.id, page);
      const owner = await repo.findAccountNames(db, access.project.ownerAccountId);
      return {
        ...paginate(
          rows.map((row) => presentTeamMember(row, teamMemberPermissions(access, row))),
          total,
          page,
        ),
        owner: {
          email: owner?.email ?? '',
          firstName: owner?.firstName ?? '',
          lastName: owner?.lastName ?? '',
        },
      };
    },

    /**
     * Invites an address: a pending row (linked to the account when the address has one) that holds a seat
     * of the tariff's team quota, the address becomes a contact of the project, and an invitation is mailed.
     */
    async invite(access: ProjectAccess, input: TeamMemberCreateBody): Promise<TeamMember> {
      const projectId = access.project.id;
      const owner = await repo.findAccountNames(db, access.project.ownerAccountId);
      if (owner && owner.email.toLowerCase() === input.email) {
        throw badRequest({ email: 'validation.invalidValue' });
      }
      const invitee = await findLiveAccountByEmail(db, input.email);
      const created = await db.transaction(async (tx) => {
        await repo.lockProject(tx, projectId);
        if (await repo.findTeamMemberByEmail(tx, projectId, input.email)) {
          throw conflict(errorCodes.alreadyMember);
        }
        await assertWithinQuota(tx, projectId, 'teamMembers');
        const row = await repo.insertTeamMember(tx, {
          id: newId(),
          projectId,
          email: input.email,
          accountId: invitee?.id ?? null,
          status: 'pending',
          invitedByAccountId: access.accountId,
        });
        await ensureContact(tx, {
          projectId,
          email: input.email,
          accountId: invitee?.id ?? null,
          source: 'team',
        });
        return row;
      });
      // After the commit: a mail never announces a membership that was rolled back.
      const inviter = await repo.findAccountNames(db, access.accountId);
      await mailer.send({
        template: 'team-invitation',
        params: {
          inviterName: inviter ? fullName(inviter) : undefined,
          projectName: access.project.name,
          link: `${publicBaseUrl}/projects?teamInvitation=${created.id}`,
        },
        to: input.email,
        language: invitee?.language ?? inviter?.language ?? 'de',
        projectId,
      });
      return presentOne(access, created.id);
    },

    /** Removes a member or withdraws an invitation; the person stays a contact of the project. */
    async remove({ member: row }: TeamMemberScopeAccess): Promise<void> {
      if (!(await repo.deleteTeamMember(db, row.projectId, row.id))) {
        throw notFound();
      }
    },

    /** Pauses (inactive) or resumes (active) an accepted member; resuming takes a seat of the quota again. */
    async setStatus(
      { project: access, member: row }: TeamMemberScopeAccess,
      input: TeamMemberPatchBody,
    ): Promise<TeamMember> {
      if (row.status === 'pending') {
        throw badRequest({ status: 'validation.invalidValue' });
      }
      if (row.status !== input.status) {
        await db.transaction(async (tx) => {
          await repo.lockProject(tx, row.projectId);
          if (input.status === 'active') {
            await assertWithinQuota(tx, row.projectId, 'teamMembers');
          }
          if (!(await repo.setTeamMemberStatus(tx, row.projectId, row.id, row.status, input))) {
            throw notFound();
          }
        });
      }
      return presentOne(access, row.id);
    },

    /** The caller's own pending invitations, across projects, keyed by the account's address. */
    async invitations(actor: Actor, page: PageRequest): Promise<Paginated<TeamInvitation>> {
      const account = await requireLiveAccount(actor);
      const { rows, total } = await repo.listPendingInvitationsForEmail(db, account.email, page);
      return paginate(rows.map(presentTeamInvitation), total, page);
    },

    /** The invited person joins the team. Anyone but the holder of the invited address gets 404. */
    async accept(actor: Actor, teamMemberId: string): Promise<{ id: string; projectId: string }> {
      const account = await requireLiveAccount(actor);
      const row = await repo.findPendingInvitationForEmail(db, teamMemberId, account.email);
      if (!row) {
        throw notFound();
      }
      await db.transaction(async (tx) => {
        const accepted = await repo.setTeamMemberStatus(tx, row.projectId, row.id, 'pending', {
          status: 'active',
          accountId: account.id,
        });
        if (!accepted) {
          throw notFound();
        }
        await ensureContact(tx, {
          projectId: row.projectId,
          email: row.email,
          accountId: account.id,
          source: 'team',
        });
      });
      return { id: row.id, projectId: row.projectId };
    },

    /** The invited person says no: the invitation goes, and its seat with it. */
    async decline(actor: Actor, teamMemberId: string): Promise<void> {
      const account = await requireLiveAccount(actor);
      const row = await repo.findPendingInvitationForEmail(db, teamMemberId, account.email);
      if (!row || !(await repo.deleteTeamMember(db, row.projectId, row.id, 'pending'))) {
        throw notFound();
      }
    },

    settings(access: ProjectAccess): TeamSettingsValues {
      return teamSettingsOf(access.project.teamSettings);
    },

    /** Changes only the settings sent; the answer has every setting (stored or default). */
    async updateSettings(access: ProjectAccess, input: TeamSettingsPatchBody): Promise<TeamSettingsValues> {
      const stored = await repo.mergeTeamSettings(db, access.project.id, definedOnly(input));
      if (!stored) {
        throw notFound();
      }
      return teamSettingsOf(stored);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
