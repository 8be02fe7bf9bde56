import type {
  Group,
  GroupCreateBody,
  GroupList,
  GroupPatchBody,
} from '../../../contracts/community-spaces.ts';
import type { Db } from '../../db/client.ts';
import { communityGroups } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { loadCommunityView, type CommunityView, type GroupAccess } from './community.access.ts';
import { groupAbilities, spaceListed } from './community.policy.ts';
import { presentGroup } from './groups.presenter.ts';
import * as repo from './groups.repo.ts';
import * as members from './space-members.lists.ts';
import type { SpaceListing } from './spaces.listing.ts';
import { moveAfter } from './spaces.positions.ts';
import { formReferenceErrors } from './spaces.service.ts';
import { resolveSlug, withSlugConflict } from './spaces.slugs.ts';

/** Groups of spaces: the list, a group by slug, the group form, the order (app `sort_groups`). */
export function createGroupService(deps: { db: Db; sign: UrlSign; listing: SpaceListing }) {
  const { db, sign, listing } = deps;

  /**
   * The groups among `rows` the caller may see (community.policy.ts `groupAbilities`: a listed space in it,
   * moderating it, or managing the app), each with its listed spaces and moderators.
   */
  async function present(view: CommunityView, rows: readonly repo.GroupRow[]): Promise<Group[]> {
    if (rows.length === 0) {
      return [];
    }
    const [spaces, moderators] = await Promise.all([
      listing.listed(view),
      members.listGroupModerators(
        db,
        rows.map((row) => row.id),
      ),
    ]);
    return rows.flatMap((row) => {
      const inGroup = view.spaces.filter((space) => space.groupId === row.id);
      const groupModerators = moderators.filter((moderator) => moderator.groupId === row.id);
      const can = groupAbilities(view.actor, {
        isGroupModerator: groupModerators.some((moderator) => moderator.id === view.actor.profileId),
        hasListedSpace: inGroup.some((space) => spaceListed(view.actor, space.standing)),
        isMember: inGroup.some((space) => space.standing.membership !== null),
      });
      if (!can.includes('view')) {
        return [];
      }
      return [
        presentGroup(sign, row, {
          can,
          spaces: spaces.filter((space) => space.groupId === row.id),
          moderators: groupModerators,
        }),
      ];
    });
  }

  async function one(app: AppAccess, groupId: string): Promise<Group> {
    const view = await loadCommunityView(db, app);
    const [group] = await present(
      view,
      (await repo.listGroups(db, app.app.id)).filter((row) => row.id === groupId),
    );
    if (!group) {
      throw notFound();
    }
    return group;
  }

  async function checkForm(app: AppAccess, body: GroupPatchBody): Promise<void> {
    const errors = await formReferenceErrors(db, app, {
      pictures: { coverId: body.coverId },
      ...(body.moderatorProfileIds ? { moderatorProfileIds: body.moderatorProfileIds } : {}),
    });
    if (Object.keys(errors).length > 0) {
      throw badRequest(errors);
    }
  }

  return {
    /** `GET /apps/{appId}/community/groups`: every group the caller sees, in order (one page). */
    async list(view: CommunityView): Promise<GroupList> {
      const groups = await present(view, await repo.listGroups(db, view.app.app.id));
      return { data: groups, meta: { page: 1, pages: groups.length > 0 ? 1 : 0, total: groups.length } };
    },

    /** `GET /apps/{appId}/community/groups/{groupSlug}`: 404 when it does not exist or the caller may not see it. */
    async bySlug(view: CommunityView, slug: string): Promise<Group> {
      const rows = (await repo.listGroups(db, view.app.app.id)).filter((row) => row.slug === slug);
      const [group] = await present(view, rows);
      if (!group) {
        throw notFound();
      }
      return group;
    },

    /** `POST /apps/{appId}/community/groups`: added at the end. */
    async create(view: CommunityView, body: GroupCreateBody): Promise<Group> {
      const { app } = view;
      await checkForm(app, body);
      const id = newId();
      await withSlugConflict(() =>
        db.transaction(async (tx) => {
          await repo.lockAppGroups(tx, app.app.id);
          const slug = await resolveSlug(tx, communityGroups, {
            appId: app.app.id,
            chosen: body.slug,
            name: body.name,
            fallback: 'gruppe',
          });
          const groups = await repo.listGroups(tx, app.app.id);
          const group = await repo.insertGroup(tx, {
            id,
            appId: app.app.id,
            name: body.name,
            slug,
            description: body.description,
            coverId: body.coverId,
            position: (groups.at(-1)?.position ?? 0) + 1,
          });
          await repo.replaceGroupModerators(tx, group, [...new Set(body.moderatorProfileIds)]);
        }),
      );
      return one(app, id);
    },

    /** `PATCH /groups/{id}`: only what is sent changes; `moderatorProfileIds` replaces the moderators. */
    async update({ app, group }: GroupAccess, body: GroupPatchBody): Promise<Group> {
      await checkForm(app, body);
      await withSlugConflict(() =>
        db.transaction(async (tx) => {
          const slug =
            body.slug === undefined || body.slug === group.slug
              ? undefined
              : await resolveSlug(tx, communityGroups, {
                  appId: app.app.id,
                  chosen: body.slug,
                  name: group.name,
                  fallback: 'gruppe',
                  exceptId: group.id,
                });
          const updated = await repo.updateGroup(tx, group.id, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(slug ? { slug } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.coverId !== undefined ? { coverId: body.coverId } : {}),
          });
          if (!updated) {
            throw notFound();
          }
          if (body.moderatorProfileIds) {
            await repo.replaceGroupModerators(tx, group, [...new Set(body.moderatorProfileIds)]);
          }
        }),
      );
      return one(app, group.id);
    },

    /** The group goes with its spaces, their members and posts (and what hangs on the posts). */
    async remove({ group }: GroupAccess): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteGroup(tx, group.id))) {
          throw notFound();
        }
      });
    },

    /** `PATCH /apps/{appId}/community/groups/{groupId}/move` (inferred): right after `prevId` (null: first). */
    async move(view: CommunityView, groupId: string, prevId: string | null): Promise<Group> {
      const { app } = view;
      await db.transaction(async (tx) => {
        await repo.lockAppGroups(tx, app.app.id);
        const groups = await repo.listGroups(tx, app.app.id);
        if (!groups.some((group) => group.id === groupId)) {
          throw notFound();
        }
        await moveAfter(groups, groupId, prevId, async (id, position) => {
          await repo.updateGroup(tx, id, { position });
        });
      });
      return one(app, groupId);
    },
  };
}
