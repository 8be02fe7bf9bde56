import { useQuery } from '@tanstack/react-query';
import type { Category, Space } from '../../../../contracts/community-spaces';
import { useCurrentApp } from '../../../kernel/current-app';
import { categoriesQuery, spacesQuery } from '../index';
import type { ComposerTarget } from './composer-values';

/**
 * The containers a member may post in (spec §6 "posting anywhere is allowed if any space allows it"): the listed
 * spaces and the communities categories whose `create_post` they have, spaces first, in their order.
 */
export function targetsOf(spaces: readonly Space[], categories: readonly Category[]): ComposerTarget[] {
  const targetOf = (kind: ComposerTarget['kind'], item: Space | Category): ComposerTarget => ({
    kind,
    id: item.id,
    name: item.name,
    canSchedule: (item.permissions.can as readonly string[]).includes('create_scheduled_post'),
  });
  const allows = (item: Space | Category) =>
    (item.permissions.can as readonly string[]).includes('create_post');
  return [
    ...spaces.filter(allows).map((space) => targetOf('space', space)),
    ...categories.filter(allows).map((category) => targetOf('category', category)),
  ];
}

/** The targets of the current app, read through the community's own queries (categories only when switched on). */
export function useTargets(enabled: boolean) {
  const app = useCurrentApp();
  const withCategories = enabled && app.services.communities === true;
  const spaces = useQuery({ ...spacesQuery(app.id), enabled });
  const categories = useQuery({ ...categoriesQuery(app.id), enabled: withCategories });
  return {
    targets: targetsOf(spaces.data ?? [], withCategories ? (categories.data ?? []) : []),
    loading: spaces.isPending || (withCategories && categories.isPending),
  };
}
