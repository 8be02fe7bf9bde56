import type { Category } from '../../../contracts/community-spaces.ts';
import type { CategoryRow } from './categories.repo.ts';
import type { CategoryAbility } from './community.policy.ts';

export function presentCategory(row: CategoryRow, can: CategoryAbility[]): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    position: row.position,
    postsCount: row.postsCount,
    permissions: { can },
  };
}
