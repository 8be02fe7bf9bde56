import type { Status, StatusBody } from '../../../contracts/gamification-levels.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import { pictureFieldErrors, pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { GamificationView, StatusAccess } from './gamification.access.ts';
import * as repo from './statuses.repo.ts';

/*
 * Levels (spec: statuses; docs/decisions/gamification.md "Levels"): any number per app, each a threshold of
 * the member's total, a name, a Tabler icon or an uploaded picture (a live image of the project's library, as
 * the courses' covers), and an active flag. The managers see all of them, the members the active ones.
 */

type StatusPatch = Partial<repo.StatusValues>;
type BulkPatch = { statusIds: string[]; statuses?: (StatusPatch & { id: string })[]; isActive?: boolean };

const definedOnly = (patch: StatusPatch): StatusPatch =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));

export function createStatusesService(deps: { db: Db; sign: UrlSign }) {
  const { db, sign } = deps;

  const present = (row: repo.NumberedStatus): Status => ({
    id: row.id,
    name: row.name,
    points: row.points,
    icon: row.icon,
    iconImageId: row.iconImageId,
    iconImageUrl: pictureUrl(sign, row.iconImageId, 'tile'),
    isActive: row.isActive,
    level: row.level,
  });

  /** 400 naming each field whose picture is not a live image of the app's project. */
  async function checkIcons(view: GamificationView, fields: Record<string, string | null | undefined>) {
    const errors = await pictureFieldErrors(db, view.app.project.id, fields);
    if (Object.keys(errors).length > 0) {
      throw badRequest(errors);
    }
  }

  /** 404 unless every id is a status of the app (the ids once each). */
  async function ownIds(view: GamificationView, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await repo.findStatusIdsOfApp(db, view.app.app.id, unique);
    if (found.size !== unique.length) {
      throw notFound();
    }
    return unique;
  }

  const numbered = async (view: GamificationView, ids: readonly string[]) =>
    (await repo.findNumberedStatuses(db, view.app.app.id, ids)).map(present);

  async function one(view: GamificationView, id: string): Promise<Status> {
    const [status] = await numbered(view, [id]);
    if (!status) {
      throw notFound();
    }
    return status;
  }

  return {
    async list(view: GamificationView, query: { page: number; limit: number }): Promise<Paginated<Status>> {
      const { rows, total } = await repo.listStatuses(db, view.app.app.id, {
        activeOnly: !view.isManager,
        limit: query.limit,
        offset: pageOffset(query),
      });
      return paginate(rows.map(present), total, query);
    },

    async create(view: GamificationView, body: StatusBody): Promise<Status> {
      await checkIcons(view, { iconImageId: body.iconImageId });
      const id = newId();
      await repo.insertStatuses(db, [{ ...body, id, appId: view.app.app.id }]);
      return one(view, id);
    },

    async createMany(view: GamificationView, statuses: StatusBody[]): Promise<Status[]> {
      await checkIcons(
        view,
        Object.fromEntries(
          statuses.map((status, index) => [`statuses.${index}.iconImageId`, status.iconImageId]),
        ),
      );
      const values = statuses.map((status) => ({ ...status, id: newId(), appId: view.app.app.id }));
      await repo.insertStatuses(db, values);
      return numbered(
        view,
        values.map((value) => value.id),
      );
    },

    /** `isActive` for all of `statusIds`, and each entry's own fields (its id among `statusIds`). */
    async updateMany(view: GamificationView, body: BulkPatch): Promise<Status[]> {
      const ids = await ownIds(view, body.statusIds);
      const entries = body.statuses ?? [];
      const strays = entries.flatMap((entry, index) => (ids.includes(entry.id) ? [] : [index]));
      if (strays.length > 0) {
        throw badRequest(
          Object.fromEntries(strays.map((index) => [`statuses.${index}.id`, validationKeys.invalidValue])),
        );
      }
      await checkIcons(
        view,
        Object.fromEntries(
          entries.map((entry, index) => [`statuses.${index}.iconImageId`, entry.iconImageId]),
        ),
      );
      await db.transaction(async (tx) => {
        if (body.isActive !== undefined) {
          await repo.updateStatuses(tx, view.app.app.id, ids, { isActive: body.isActive });
        }
        for (const { id, ...fields } of entries) {
          await repo.updateStatuses(tx, view.app.app.id, [id], definedOnly(fields));
        }
      });
      return numbered(view, ids);
    },

    async removeMany(view: GamificationView, statusIds: string[]): Promise<void> {
      const ids = await ownIds(view, statusIds);
      await repo.deleteStatuses(db, view.app.app.id, ids);
    },

    async update(access: StatusAccess, body: StatusPatch): Promise<Status> {
      if (body.iconImageId !== undefined && body.iconImageId !== access.status.iconImageId) {
        await checkIcons(access, { iconImageId: body.iconImageId });
      }
      await repo.updateStatuses(db, access.app.app.id, [access.status.id], definedOnly(body));
      return one(access, access.status.id);
    },

    async remove(access: StatusAccess): Promise<void> {
      if ((await repo.deleteStatuses(db, access.app.app.id, [access.status.id])) === 0) {
        throw notFound();
      }
    },
  };
}

export type StatusesService = ReturnType<typeof createStatusesService>;
