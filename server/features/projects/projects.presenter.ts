import {
  usageDisplayOrder,
  type Project,
  type ProjectUsage,
  type Tariff,
} from '../../../contracts/workspace.ts';
import type { ProjectAbility, ProjectRow } from '../workspace/public.ts';
import type { UsageCounts } from './quota.ts';
import { tariffById } from './tariffs.ts';

/** Usage rows in the dashboard's order (spec §9): apps, contacts, domains, team members. */
export function presentUsage(tariff: Tariff, counts: UsageCounts): ProjectUsage['data'] {
  return usageDisplayOrder.map((key) => ({ key, used: counts[key], limit: tariff.limits[key] }));
}

export function presentProject(
  row: ProjectRow,
  viewer: { isOwner: boolean; can: ProjectAbility[] },
  counts: UsageCounts,
): Project {
  const tariff = tariffById(row.tariffId);
  return {
    id: row.id,
    name: row.name,
    isArchive: row.isArchive,
    isOwner: viewer.isOwner,
    tariff,
    usage: presentUsage(tariff, counts),
    appsCount: counts.apps,
    permissions: { can: viewer.can },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
