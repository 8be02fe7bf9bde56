import type { QueryClient } from '@tanstack/react-query';
import { cloudPseudoFolderValues, type CloudPseudoFolder } from '../../../contracts/cloud-enums';
import type { CloudEntity } from '../../../contracts/cloud';
import { cloudListQuery, cloudPathQuery, defaultListFilters, itemsOfPages } from './cloud-api';
import { myFiles, type CloudLocation, type CloudScope } from './cloud-scope';
import { libraryLayout } from './library-layout';
import { storedView } from './use-library-view';

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
  const list = cloudListQuery(scope, location, defaultListFilters);
  await Promise.all([
    client
      .prefetchInfiniteQuery({ ...list, ...silent })
      .then(() => warmFirstThumbnails(itemsOfPages(client.getQueryData(list.queryKey)?.pages))),
    location.kind === 'folder'
      ? client.prefetchQuery({ ...cloudPathQuery(scope, location.id), ...silent })
      : null,
  ]);
}

/**
 * Asks for the first row's thumbnails as soon as the first page is here, while the library's code still loads:
 * the tiles then find them in the page's image cache instead of asking only once they are drawn. On a phone
 * the page's largest paint is such a thumbnail. As many as a row of the window's width holds (the page's own
 * row is a little narrower).
 */
function warmFirstThumbnails(items: readonly CloudEntity[]): void {
  if (storedView() !== 'grid') {
    return;
  }
  const { columns } = libraryLayout('grid', window.innerWidth, false);
  for (const item of items.slice(0, columns)) {
    const source = item.thumbnails?.tile;
    if (source) {
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = source;
    }
  }
}
