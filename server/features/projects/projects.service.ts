import { errorCodes } from '../../../contracts/errors.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Project, ProjectUsage, Tariff, TeamSettingsValues } from '../../../contracts/workspace.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError, conflict, notFound, unauthorized } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate } from '../../platform/pagination.ts';
import { ensureContact } from '../contacts/public.ts';
import {
  findProjectById,
  insertProject,
  loadProjectAccess,
  projectAbilities,
  requireAccount,
  teamSettingsOf,
  type ProjectAccess,
  type ProjectRow,
} from '../workspace/public.ts';
import { presentProject, presentUsage } from './projects.presenter.ts';
import * as repo from './projects.repo.ts';
import { countUsageByProject, type UsageCounts } from './quota.ts';
import { tariffById, tariffs } from './tariffs.ts';

export const projectsPageSize = 20;

export type ProjectServiceDeps = { db: Db; defaultTariffId: string };

/** Projects on the service host: the list, one project, its usage and options, archive, restore, leave. */
export function createProjectService(deps: ProjectServiceDeps) {
  const { db, defaultTariffId } = deps;

  async function countsOf(projectId: string): Promise<UsageCounts> {
    const counts = await countUsageByProject(db, [projectId]);
    return counts.get(projectId) ?? { apps: 0, contacts: 0, domains: 0, teamMembers: 0 };
  }

  const present = async (row: ProjectRow, access: Pick<ProjectAccess, 'isOwner' | 'can'>) =>
    presentProject(row, access, await countsOf(row.id));

  /** Archiving and restoring: the route's owner scope has let only the project's owner through. */
  async function setArchived(access: ProjectAccess, isArchive: boolean): Promise<Project> {
    const row =
      access.project.isArchive === isArchive
        ? access.project
        : await repo.updateProject(db, access.project.id, { isArchive });
    if (!row) {
      throw notFound();
    }
    return present(row, access);
  }

  return {
    async list(actor: Actor, query: { page: number; isArchive: boolean }): Promise<Paginated<Project>> {
      const accountId = requireAccount(actor);
      const page = { page: query.page, limit: projectsPageSize };
      const { rows, total } = await repo.listVisibleProjectsOfAccount(
        db,
        accountId,
        { isArchive: query.isArchive },
        page,
      );
      const counts = await countUsageByProject(
        db,
        rows.map((row) => row.id),
      );
      const data = rows.map((row) => {
        const isOwner = row.ownerAccountId === accountId;
        // The list only holds owned projects and projects of the caller's active team.
        const can = projectAbilities({
          isOwner,
          isActiveTeamMember: !isOwner,
          teamSettings: row.teamSettings,
        });
        return presentProject(row, { isOwner, can }, counts.get(row.id)!);
      });
      return paginate(data, total, page);
    },

    async get(access: ProjectAccess): Promise<Project> {
      return present(access.project, access);
    },

    /** A new project owned by the caller, on the configured default tariff; the owner is its first contact. */
    async create(actor: Actor, input: { name: string }): Promise<Project> {
      const accountId = requireAccount(actor);
      return db.transaction(async (tx) => {
        const email = await repo.findAccountEmail(tx, accountId);
        if (!email) {
          throw unauthorized();
        }
        const project = await insertProject(tx, {
          id: newId(),
          name: input.name.trim(),
          ownerAccountId: accountId,
          tariffId: tariffById(defaultTariffId).id,
        });
        await ensureContact(tx, { projectId: project.id, email, accountId, source: 'owner' });
        const can = projectAbilities({ isOwner: true, isActiveTeamMember: false, teamSettings: {} });
        return presentProject(
          project,
          { isOwner: true, can },
          {
            apps: 0,
            contacts: 1,
            domains: 0,
            teamMembers: 0,
          },
        );
      });
    },

    async update(access: ProjectAccess, input: { name?: string }): Promise<Project> {
      const row =
        input.name === undefined
          ? access.project
          : await repo.updateProject(db, access.project.id, { name: input.name.trim() });
      if (!row) {
        throw notFound();
      }
      return present(row, access);
    },

    archive: (access: ProjectAccess) => setArchived(access, true),
    restore: (access: ProjectAccess) => setArchived(access, false),

    /** A team member (active or still pending) gives up their seat; the owner cannot leave their project. */
    async leave(actor: Actor, projectId: string): Promise<void> {
      const accountId = requireAccount(actor);
      const project = await findProjectById(db, projectId);
      if (!project) {
        throw notFound();
      }
      if (project.ownerAccountId === accountId) {
        throw conflict(errorCodes.ownerLocked);
      }
      const email = await repo.findAccountEmail(db, accountId);
      const seat = email
        ? await repo.findLeavableTeamSeat(db, projectId, { id: accountId, email })
        : undefined;
      if (!seat) {
        throw notFound();
      }
      await repo.deleteTeamSeat(db, projectId, seat.id);
    },

    async usage(access: ProjectAccess): Promise<ProjectUsage> {
      const tariff = tariffById(access.project.tariffId);
      return { data: presentUsage(tariff, await countsOf(access.project.id)) };
    },

    /** What the project's screens switch on: tariff features and the team's settings. */
    async options(
      access: ProjectAccess,
    ): Promise<{ discovery: boolean; smtp: boolean; teamSettings: TeamSettingsValues }> {
      const { limits } = tariffById(access.project.tariffId);
      return {
        discovery: limits.discovery !== 0,
        smtp: limits.smtp !== 0,
        teamSettings: teamSettingsOf(access.project.teamSettings),
      };
    },

    /**
     * The tariff catalogue; with `projectId`, the tariff that project is on. A project the caller cannot see
     * gives `currentTariffId: null`, the same as no project, so nothing about it leaks.
     */
    async tariffs(
      actor: Actor,
      projectId: string | undefined,
    ): Promise<{ data: Tariff[]; currentTariffId: string | null }> {
      requireAccount(actor);
      let currentTariffId: string | null = null;
      if (projectId) {
        try {
          const access = await loadProjectAccess(db, actor, projectId);
          currentTariffId = tariffById(access.project.tariffId).id;
        } catch (error) {
          if (!(error instanceof AppError && error.statusCode === 404)) {
            throw error;
          }
        }
      }
      return { data: [...tariffs], currentTariffId };
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
