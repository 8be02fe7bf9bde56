import type {
  Space,
  SpaceCreateBody,
  SpaceList,
  SpacePatchBody,
  SpaceTab,
} from '../../../contracts/community-spaces.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { communitySpaces } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import { levelFieldErrors } from '../gamification/public.ts';
import { pictureFieldErrors } from '../cloud/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import type { CommunityView, GroupAccess, SpaceAccess } from './community.access.ts';
import { moveAfter } from './spaces.positions.ts';
import * as members from './space-members.repo.ts';
import type { SpaceListing } from './spaces.listing.ts';
import * as repo from './spaces.repo.ts';
import { resolveSlug, withSlugConflict } from './spaces.slugs.ts';

/**
 * The references of a group or space form, checked at once: covers must be live images of the app's
 * project's library (as the app's branding pictures are), moderators live profiles of the app that take part
 * in it. Returns `{ field: 'validation.invalidValue' }` for each that is not.
 */
export async function formReferenceErrors(
  db: DbOrTx,
  app: AppAccess,
  refs: { pictures: Record<string, string | null | undefined>; moderatorProfileIds?: readonly string[] },
): Promise<Record<string, string>> {
  const errors = await pictureFieldErrors(db, app.project.id, refs.pictures);
  const wanted = [...new Set(refs.moderatorProfileIds ?? [])];
  if (wanted.length > 0) {
    const found = await members.findParticipantIds(db, app.app.id, wanted);
    if (found.size !== wanted.length) {
      errors.moderatorProfileIds = 'validation.invalidValue';
    }
  }
  return errors;
}

/** `visibleTabs` holds each tab once and the tab the space opens on. */
function tabErrors(defaultTab: SpaceTab, visibleTabs: readonly SpaceTab[]): Record<string, string> {
  if (new Set(visibleTabs).size !== visibleTabs.length) {
    return { visibleTabs: 'validation.unique' };
  }
  return visibleTabs.includes(defaultTab) ? {} : { defaultTab: 'validation.invalidValue' };
}

function assertNoErrors(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
}

/** Groups' spaces: the list, the space form (create, change, delete) and their order within the group. */
export function createSpaceService(deps: { db: Db; listing: SpaceListing }) {
  const { db, listing } = deps;

  return {
    /** `GET /apps/{appId}/community/spaces`: the spaces the caller sees listed (one group's with `groupId`). */
    async list(view: CommunityView, query: { groupId?: string | undefined }): Promise<SpaceList> {
      const spaces = (await listing.listed(view)).filter(
        (space) => query.groupId === undefined || space.groupId === query.groupId,
      );
      return { data: spaces, meta: { page: 1, pages: spaces.length > 0 ? 1 : 0, total: spaces.length } };
    },

    /** A space by its slug (the space page); 404 when it does not exist or the caller may not see it. */
    async bySlug(view: CommunityView, slug: string): Promise<Space> {
      const row = await repo.findSpaceBySlug(db, view.app.app.id, slug);
      const [space] = row ? await listing.present(view, [row]) : [];
      if (!space) {
        throw notFound();
      }
      return space;
    },

    /** `POST /groups/{groupId}/spaces`: added at the end of the group. */
    async create({ app, group }: GroupAccess, body: SpaceCreateBody): Promise<Space> {
      assertNoErrors({
        ...tabErrors(body.defaultTab, body.visibleTabs),
        ...(await formReferenceErrors(db, app, {
          pictures: { coverId: body.coverId, mobileCoverId: body.mobileCoverId },
          moderatorProfileIds: body.moderatorProfileIds,
        })),
        ...(await levelFieldErrors(db, app.app.id, body.requiredStatusId)),
      });
      const rulesHtml = sanitizeRichText(body.rules, { field: 'rules' });
      const id = newId();
      await withSlugConflict(() =>
        db.transaction(async (tx) => {
          if (!(await repo.lockGroup(tx, group.id))) {
            throw notFound();
          }
          const slug = await resolveSlug(tx, communitySpaces, {
            appId: app.app.id,
            chosen: body.slug,
            name: body.name,
            fallback: 'raum',
          });
          const siblings = await repo.listSpacesOfGroup(tx, group.id);
          const space = await repo.insertSpace(tx, {
            id,
            appId: app.app.id,
            groupId: group.id,
            name: body.name,
            slug,
            description: body.description,
            access: body.access,
            preModeration: body.preModeration,
            rulesHtml,
            coverId: body.coverId,
            mobileCoverId: body.mobileCoverId,
            defaultSort: body.defaultSort,
            defaultTab: body.defaultTab,
            displayView: body.displayView,
            visibleTabs: body.visibleTabs,
            requiredStatusId: body.requiredStatusId ?? null,
            position: (siblings.at(-1)?.position ?? 0) + 1,
          });
          await members.replaceSpaceModerators(tx, space, [...new Set(body.moderatorProfileIds)]);
        }),
      );
      return listing.one(app, id);
    },

    /**
     * `PATCH /spaces/{id}`: only what is sent changes. Opening a private space grants its waiting join
     * requests (an open space has nothing to wait for).
     */
    async update({ app, space }: SpaceAccess, body: SpacePatchBody): Promise<Space> {
      const defaultTab = body.defaultTab ?? (space.defaultTab as SpaceTab);
      const visibleTabs = body.visibleTabs ?? (space.visibleTabs as SpaceTab[]);
      assertNoErrors({
        ...(body.defaultTab !== undefined || body.visibleTabs !== undefined
          ? tabErrors(defaultTab, visibleTabs)
          : {}),
        ...(await formReferenceErrors(db, app, {
          pictures: { coverId: body.coverId, mobileCoverId: body.mobileCoverId },
          ...(body.moderatorProfileIds ? { moderatorProfileIds: body.moderatorProfileIds } : {}),
        })),
        ...(await levelFieldErrors(db, app.app.id, body.requiredStatusId)),
      });
      const rulesHtml =
        body.rules === undefined ? undefined : sanitizeRichText(body.rules, { field: 'rules' });
      await withSlugConflict(() =>
        db.transaction(async (tx) => {
          const slug =
            body.slug === undefined || body.slug === space.slug
              ? undefined
              : await resolveSlug(tx, communitySpaces, {
                  appId: app.app.id,
                  chosen: body.slug,
                  name: space.name,
                  fallback: 'raum',
                  exceptId: space.id,
                });
          const { moderatorProfileIds, rules: _rules, slug: _slug, ...fields } = body;
          const updated = await repo.updateSpace(tx, space.id, {
            ...fields,
            ...(slug ? { slug } : {}),
            ...(rulesHtml !== undefined ? { rulesHtml } : {}),
          });
          if (!updated) {
            throw notFound();
          }
          if (body.access === 'open' && space.access !== 'open') {
            await members.approveAllRequests(tx, space.id);
          }
          if (moderatorProfileIds) {
            await members.replaceSpaceModerators(tx, space, [...new Set(moderatorProfileIds)]);
          }
        }),
      );
      return listing.one(app, space.id);
    },

    /** The space goes with its memberships and posts (and what hangs on them). */
    async remove({ space }: SpaceAccess): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteSpace(tx, space.id))) {
          throw notFound();
        }
      });
    },

    /** `PATCH /spaces/{id}/move` (inferred): right after `prevId` within its group (null: first). */
    async move({ app, space }: SpaceAccess, prevId: string | null): Promise<Space> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockGroup(tx, space.groupId))) {
          throw notFound();
        }
        await moveAfter(
          await repo.listSpacesOfGroup(tx, space.groupId),
          space.id,
          prevId,
          async (id, position) => {
            await repo.updateSpace(tx, id, { position });
          },
        );
      });
      return listing.one(app, space.id);
    },
  };
}
