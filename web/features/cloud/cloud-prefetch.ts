import type { QueryClient } from '@tanstack/react-query';
import { cloudPseudoFolderValues, type CloudPseudoFolder } from '../../../contracts/cloud-enums';
import { cloudListQuery, cloudPathQuery, defaultListFilters } from './cloud-api';
import { myFiles, type CloudLocation, type CloudScope } from './cloud-scope';

const isPseudoFolder = (value: string | null): value is CloudPseudoFolder =>
  (cloudPseudoFolderValues as readonly (string | null)[]).includes(value);

/** The location an address of the library names (RULE-26): `cloud/{folderId}`, `cloud?folder=…` or My files. */
export function locationOfAddress(folderId: string | undefined, folder: string | null): CloudLocation {
  if (folderId) {
    return { kind: 'folder', id: folderId };
  }
  return isPseudoFolder(folder) ? { kind: 'pseudo', folder } : myFiles;
}

/**
 * Asks for what the library page shows first (the location's first page and, in a folder, its breadcrumb) while
 * the page's code loads: the same queries the page makes, so it finds the answers in the cache. Quietly: someone
 * without access to the files sees the page's own message, not a failed request's.
 */
export async function prefetchProjectLibrary(
  client: QueryClient,
  projectId: string,
  location: CloudLocation,
): Promise<void> {
  const scope: CloudScope = { projectId, appId: null, basePath: null };
  const silent = { meta: { silent: true } };
  await Promise.all([
    client.prefetchInfiniteQuery({ ...cloudListQuery(scope, location, defaultListFilters), ...silent }),
    location.kind === 'folder'
      ? client.prefetchQuery({ ...cloudPathQuery(scope, location.id), ...silent })
      : null,
  ]);
}
