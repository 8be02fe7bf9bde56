import type { Tag } from '../../../contracts/tags.ts';
import type { TagAbility } from './tags.policy.ts';
import type { TagWithCount } from './tags.repo.ts';

export function presentTag(tag: TagWithCount, can: TagAbility[]): Tag {
  return {
    id: tag.id,
    name: tag.name,
    color: tag.color,
    kind: tag.kind,
    profilesCount: tag.profilesCount,
    permissions: { can },
  };
}
