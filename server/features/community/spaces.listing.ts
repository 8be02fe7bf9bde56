import type { Space, SpaceMembership } from '../../../contracts/community-spaces.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { UrlSign } from '../cloud/public.ts';
import { requiredLevelsOf } from '../gamification/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { loadCommunityView, type CommunityView } from './community.access.ts';
import { spaceAbilities, spaceListed } from './community.policy.ts';
import { listSpaceModerators } from './space-members.lists.ts';
import * as members from './space-members.repo.ts';
import { presentSpace } from './spaces.presenter.ts';
import * as repo from './spaces.repo.ts';

/*
 * Spaces as the caller sees them listed (community.policy.ts `spaceListed`): the lists, the groups, the
 * dropdowns and every answer that returns a space go through here, so a secret space never shows to someone
 * who may not read it. Apps hold tens of spaces: the app's spaces are read at once and filtered in memory.
 */

export type SpaceListing = ReturnType<typeof createSpaceListing>;

export function createSpaceListing(deps: { db: DbOrTx; sign: UrlSign }) {
  const { db, sign } = deps;

  /** The rows among `rows` the caller sees listed, presented with their abilities, membership and moderators. */
  async function present(view: CommunityView, rows: readonly repo.SpaceRow[]): Promise<Space[]> {
    const standings = new Map(view.spaces.map((space) => [space.id, space.standing]));
    const listed = rows.flatMap((row) => {
      const standing = standings.get(row.id);
      return standing && spaceListed(view.actor, standing) ? [{ row, standing }] : [];
    });
    if (listed.length === 0) {
      return [];
    }
    const profileId = view.actor.profileId;
    const [memberships, moderators, levels] = await Promise.all([
      profileId ? members.listMembershipsOf(db, view.app.app.id, profileId) : Promise.resolve([]),
      listSpaceModerators(
        db,
        listed.map(({ row }) => row.id),
      ),
      requiredLevelsOf(
        db,
        view.app.app.id,
        listed.map(({ row }) => row.requiredStatusId),
      ),
    ]);
    const membershipOf = new Map<string, SpaceMembership>(
      memberships.map((row) => [row.spaceId, { status: row.status, notify: row.notify }]),
    );
    return listed.map(({ row, standing }) =>
      presentSpace(sign, row, {
        can: spaceAbilities(view.actor, standing),
        membership: membershipOf.get(row.id) ?? null,
        moderators: moderators.filter((moderator) => moderator.spaceId === row.id),
        requiredLevel: (row.requiredStatusId && levels.get(row.requiredStatusId)) || null,
      }),
    );
  }

  return {
    present,

    /** Every space of the app the caller sees listed, in display order. */
    async listed(view: CommunityView): Promise<Space[]> {
      return present(view, await repo.listSpaces(db, view.app.app.id));
    },

    /** One space as the caller sees it now (a fresh view: a change may have moved their standing); 404 if unlisted. */
    async one(app: AppAccess, spaceId: string): Promise<Space> {
      const view = await loadCommunityView(db, app);
      const row = await repo.findSpace(db, spaceId);
      const [space] = row && row.appId === app.app.id ? await present(view, [row]) : [];
      if (!space) {
        throw notFound();
      }
      return space;
    },
  };
}
