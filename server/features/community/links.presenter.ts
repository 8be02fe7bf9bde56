import type { CommunityLink } from '../../../contracts/community-spaces.ts';
import type { LinkAbility } from './links.scopes.ts';
import type { LinkRow } from './links.repo.ts';

export function presentLink(row: LinkRow, can: LinkAbility[]): CommunityLink {
  return {
    id: row.id,
    name: row.name,
    href: row.href,
    icon: row.icon,
    isNewTab: row.isNewTab,
    position: row.position,
    permissions: { can },
  };
}
