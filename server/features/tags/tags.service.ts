import type { z } from 'zod';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Tag, TagCreateBody, tagListQuerySchema, TagPatchBody } from '../../../contracts/tags.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate, pageOffset } from '../../platform/pagination.ts';
import { removeTagFromLinks } from '../invitation-links/invitation-links.repo.ts';
import { type AppAccess, loadMemberAreaAccess, requireApp } from '../workspace/access.ts';
import { authorizeTag, requireTagsVisible, tagPermissions, type TagAbility } from './tags.policy.ts';
import { presentTag } from './tags.presenter.ts';
import * as repo from './tags.repo.ts';

type TagListQuery = z.output<typeof tagListQuerySchema>;

const nameTaken = () => new AppError(409, errorCodes.conflict, { errors: { name: 'validation.unique' } });

/** Member tags of an app (settings/members/tags). */
export function createTagService(deps: { db: Db }) {
  const { db } = deps;

  const present = (access: AppAccess, tag: repo.TagWithCount) => presentTag(tag, tagPermissions(access, tag));

  /** The tag and the caller's access to its app; 404 when either is not visible to the caller. */
  async function loadTag(actor: Actor, id: string, ability: TagAbility) {
    const tag = await repo.findTagById(db, id);
    if (!tag) {
      throw notFound();
    }
    const access = await loadMemberAreaAccess(db, actor, tag.appId);
    requireTagsVisible(access);
    authorizeTag(access, tag, ability);
    return { tag, access };
  }

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
    async list(actor: Actor, appId: string, query: TagListQuery): Promise<Paginated<Tag>> {
      const access = await loadMemberAreaAccess(db, actor, appId);
      requireTagsVisible(access);
      await repo.ensureDefaultTags(db, access.app);
      const page = { page: query.page, limit: query.limit };
      const { rows, total } = await repo.listTags(
        db,
        appId,
        { search: query['filter[search]'] || undefined, tagIds: query.tagIds },
        { limit: page.limit, offset: pageOffset(page) },
      );
      return paginate(
        rows.map((row) => present(access, row)),
        total,
        page,
      );
    },

    async create(actor: Actor, appId: string, input: TagCreateBody): Promise<Tag> {
      const access = await loadMemberAreaAccess(db, actor, appId);
      requireTagsVisible(access);
      requireApp(access, 'create_tag');
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

    async update(actor: Actor, id: string, input: TagPatchBody): Promise<Tag> {
      const { tag, access } = await loadTag(actor, id, 'edit');
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
    async remove(actor: Actor, id: string): Promise<void> {
      const { tag } = await loadTag(actor, id, 'delete');
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
