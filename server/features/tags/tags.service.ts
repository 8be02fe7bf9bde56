import type { z } from 'zod';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Tag, TagCreateBody, tagListQuerySchema, TagPatchBody } from '../../../contracts/tags.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate, pageOffset } from '../../platform/pagination.ts';
import { removeTagFromLinks } from '../invitation-links/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { requireOwnTag, tagPermissions } from './tags.policy.ts';
import type { TagScopeAccess } from './tags.scopes.ts';
import { presentTag } from './tags.presenter.ts';
import * as repo from './tags.repo.ts';

type TagListQuery = z.output<typeof tagListQuerySchema>;

const nameTaken = () => new AppError(409, errorCodes.conflict, { errors: { name: 'validation.unique' } });

/** Member tags of an app (settings/members/tags). */
export function createTagService(deps: { db: Db }) {
  const { db } = deps;

  const present = (access: AppAccess, tag: repo.TagWithCount) => presentTag(tag, tagPermissions(access, tag));

  /** Runs a write that may hit the unique name index, answering a lost race like the pre-check does. */
  async function guardName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (repo.isUniqueViolation(error)) {
        throw nameTaken();
      }
      throw error;
    }
  }

  return {
    async list(access: AppAccess, query: TagListQuery): Promise<Paginated<Tag>> {
      const appId = access.app.id;
      await repo.ensureDefaultTags(db, access.app);
      const page = { page: query.page, limit: query.limit };
      const { rows, total } = await repo.listTags(
        db,
        appId,
        { search: query['filter[search]'] || undefined, tagIds: query.tagIds, names: query.names },
        { limit: page.limit, offset: pageOffset(page) },
      );
      return paginate(
        rows.map((row) => present(access, row)),
        total,
        page,
      );
    },

    async create(access: AppAccess, input: TagCreateBody): Promise<Tag> {
      const appId = access.app.id;
      await repo.ensureDefaultTags(db, access.app);
      return guardName(() =>
        db.transaction(async (tx) => {
          if (await repo.isTagNameTaken(tx, appId, input.name)) {
            throw nameTaken();
          }
          const tag = await repo.insertTag(tx, {
            id: newId(),
            projectId: access.app.projectId,
            appId,
            name: input.name,
            color: input.color,
          });
          return present(access, { ...tag, profilesCount: 0 });
        }),
      );
    },

    async update({ app: access, tag }: TagScopeAccess, input: TagPatchBody): Promise<Tag> {
      requireOwnTag(tag);
      return guardName(() =>
        db.transaction(async (tx) => {
          if (input.name !== undefined && (await repo.isTagNameTaken(tx, tag.appId, input.name, tag.id))) {
            throw nameTaken();
          }
          const changes = Object.fromEntries(
            Object.entries({ name: input.name, color: input.color }).filter(
              ([, value]) => value !== undefined,
            ),
          );
          if (Object.keys(changes).length > 0 && !(await repo.updateOwnTag(tx, tag.appId, tag.id, changes))) {
            throw notFound();
          }
          const updated = await repo.findTagWithCount(tx, tag.appId, tag.id);
          if (!updated) {
            throw notFound();
          }
          return present(access, updated);
        }),
      );
    },

    /** The tag leaves every member and every invite link that carried it. */
    async remove({ tag }: TagScopeAccess): Promise<void> {
      requireOwnTag(tag);
      await db.transaction(async (tx) => {
        await removeTagFromLinks(tx, tag.appId, tag.id);
        if (!(await repo.deleteOwnTag(tx, tag.appId, tag.id))) {
          throw notFound();
        }
      });
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
