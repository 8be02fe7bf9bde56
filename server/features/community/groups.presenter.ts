import type { Group, Space } from '../../../contracts/community-spaces.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { GroupAbility } from './community.policy.ts';
import type { GroupRow } from './groups.repo.ts';
import type { ProfileSummaryRow } from './space-members.lists.ts';
import { presentPicture, presentProfileSummary } from './spaces.presenter.ts';

export function presentGroup(
  sign: UrlSign,
  row: GroupRow,
  facts: { can: GroupAbility[]; spaces: Space[]; moderators: ProfileSummaryRow[] },
): Group {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    cover: presentPicture(sign, row.coverId),
    position: row.position,
    spaces: facts.spaces,
    moderators: facts.moderators.map((moderator) => presentProfileSummary(sign, moderator)),
    permissions: { can: facts.can },
  };
}
