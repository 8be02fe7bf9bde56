import { cloudDefaults, pageSizes } from '../../../contracts/constants';
import type { EarlyData } from '../../api/early-answers';
import { buildUrl } from '../../api/url';
import { defaultListFilters, listRequest } from './cloud-list-call';
import type { CloudLocation, CloudScope } from './cloud-scope';
import { contentPadding, gridGap, libraryViewStorageKey } from './library-layout';

/**
 * What the library's pre-painted page asks for before the app runs (web/build/pre-painted-pages.ts): the first
 * page of the location, a folder's breadcrumb, the first row's thumbnails, and the project, which the project
 * layout's loader waits for (projectQuery). The same calls as the loaders (cloud-prefetch.ts), with the path's ids
 * left as `:projectId` and `:folderId` for the page to fill in.
 */
export function libraryEarlyData(): EarlyData[] {
  const scope: CloudScope = { projectId: ':projectId', appId: null, basePath: null };
  const firstPage = (location: CloudLocation) => {
    const { path, query } = listRequest(scope, location, defaultListFilters, 1, pageSizes.cloud);
    return buildUrl(path, query);
  };
  // As many as libraryLayout puts in a row of the window's width: ⌊(width − 2·padding + gap) / (tile + gap)⌋.
  const images = {
    from: 0,
    field: ['thumbnails', 'tile'],
    perRow: { cell: cloudDefaults.gridTileWidthPx + gridGap, margin: 2 * contentPadding - gridGap },
    skipWhen: { key: libraryViewStorageKey, value: 'list' },
  };
  const project = buildUrl('/projects/:projectId');
  return [
    {
      address: '/projects/:projectId/cloud/:folderId',
      requests: [
        firstPage({ kind: 'folder', id: ':folderId' }),
        buildUrl('/folders/:folderId/path'),
        project,
      ],
      images,
    },
    {
      address: '/projects/:projectId/cloud',
      requests: [firstPage({ kind: 'pseudo', folder: 'my' }), project],
      images,
    },
  ];
}
