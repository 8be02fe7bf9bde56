import type { z } from 'zod';
import type {
  CommunityDropdownQuery,
  groupDropdownItemSchema,
  spaceDropdownItemSchema,
} from '../../../contracts/community-spaces.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Db } from '../../db/client.ts';
import { paginate } from '../../platform/pagination.ts';
import { listedSpaceIds, type CommunityView } from './community.access.ts';
import { groupAbilities, spaceListed } from './community.policy.ts';
import * as groups from './groups.repo.ts';
import * as members from './space-members.lists.ts';
import * as spaces from './spaces.repo.ts';

type GroupItem = z.infer<typeof groupDropdownItemSchema>;
type SpaceItem = z.infer<typeof spaceDropdownItemSchema>;

/** Case-insensitive match of a name against the search text. */
const matches = (name: string, search: string | undefined) =>
  !search || name.toLocaleLowerCase('de').includes(search.toLocaleLowerCase('de'));

/** Items of a dropdown: the named ones (`ids`) or those matching `search`, one page of `limit`. */
function pageOf<T extends { id: string; name: string }>(
  items: T[],
  query: CommunityDropdownQuery,
): Paginated<T> {
  const wanted = query.ids ? new Set(query.ids) : undefined;
  const chosen = items.filter(
    (item) => (wanted ? wanted.has(item.id) : true) && matches(item.name, query.search),
  );
  const start = (query.page - 1) * query.limit;
  return paginate(chosen.slice(start, start + query.limit), chosen.length, query);
}

/**
 * The groups and spaces dropdowns (APP-SERVICES-02, 03; 15 per page): what the caller sees in the lists, in the
 * same order, so a secret space shows only to whoever may read it.
 */
export function createDropdownService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async groups(view: CommunityView, query: CommunityDropdownQuery): Promise<Paginated<GroupItem>> {
      const rows = await groups.listGroups(db, view.app.app.id);
      const moderated = new Set(
        view.actor.profileId
          ? (
              await members.listGroupModerators(
                db,
                rows.map((row) => row.id),
              )
            )
              .filter((moderator) => moderator.id === view.actor.profileId)
              .map((moderator) => moderator.groupId)
          : [],
      );
      const visible = rows.filter((row) => {
        const inGroup = view.spaces.filter((space) => space.groupId === row.id);
        return groupAbilities(view.actor, {
          isGroupModerator: moderated.has(row.id),
          hasListedSpace: inGroup.some((space) => spaceListed(view.actor, space.standing)),
          isMember: false,
        }).includes('view');
      });
      return pageOf(
        visible.map((row) => ({ id: row.id, name: row.name, slug: row.slug })),
        query,
      );
    },

    async spaces(view: CommunityView, query: CommunityDropdownQuery): Promise<Paginated<SpaceItem>> {
      const listed = new Set(listedSpaceIds(view));
      const rows = (await spaces.listSpaces(db, view.app.app.id)).filter((row) => listed.has(row.id));
      return pageOf(
        rows.map((row) => ({
          id: row.id,
          name: row.name,
          slug: row.slug,
          groupId: row.groupId,
          access: row.access,
        })),
        query,
      );
    },
  };
}
