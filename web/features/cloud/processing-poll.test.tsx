import { screen, waitFor } from '@testing-library/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CloudEntity } from '../../../contracts/cloud';
import { callsTo, json, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { cellMetaText } from './cell-texts';
import { cloudListQuery, defaultListFilters, itemsOfPages } from './cloud-api';
import { cloudEntity } from './cloud-entity.fixture';
import { myFiles, type CloudScope } from './cloud-scope';
import { FileVisual } from './file-visual';
import { useProcessingPoll } from './use-processing-poll';
import { i18n } from '../../i18n/i18n';

const scope: CloudScope = { projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61', appId: null, basePath: null };
const rootId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';
const photoId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4001';

function photo(change: Partial<CloudEntity> = {}): CloudEntity {
  const name = 'sonnengruss.jpg';
  return cloudEntity({
    id: photoId,
    name,
    parentId: rootId,
    fileInfo: { name, originalName: name, mimeType: 'image/jpeg', width: 1200, height: 800, size: 204_800 },
    url: `/api/cloud/blobs/${photoId}/original?sig=x`,
    type: 'image',
    extension: 'jpg',
    status: 'process',
    ...change,
  });
}

/** The library's list as the grid and list views read it, with the poll of files in process. */
function Tiles() {
  const list = useInfiniteQuery(cloudListQuery(scope, myFiles, defaultListFilters));
  const items = itemsOfPages(list.data?.pages);
  useProcessingPoll(scope, items);
  return items.map((item) => (
    <div key={item.id} data-testid="tile">
      <FileVisual entity={item} size={150} height={104} />
      <span data-testid="meta">{cellMetaText(item, 'list', i18n.t, 'de')}</span>
    </div>
  ));
}

describe('a new picture in the library', () => {
  it('turns from the icon into its thumbnail once processing ends, without a reload', async () => {
    const ready = photo({
      status: null,
      thumbnails: { tile: '/t/tile.webp', table: '/t/table.webp', preview: '/t/preview.webp' },
    });
    const fetchMock = stubFetch({
      [`GET /api/projects/${scope.projectId}/cloud/folders/content`]: () =>
        json(200, {
          data: [photo()],
          meta: { page: 1, pages: 1, total: 1, files: 1, folders: 0, rootId, folder: null },
        }),
      [`GET /api/files/${photoId}`]: () => json(200, { data: ready }),
    });
    renderWithProviders(<Tiles />);
    // Listed while in process: the blank tile with its icon, and the list line says so.
    expect(await screen.findByTestId('file-processing')).toBeTruthy();
    expect(screen.getByTestId('file-blank')).toBeTruthy();
    // The poll's answer replaces it in the list: the thumbnail shows.
    await waitFor(() =>
      expect(screen.getByTestId('tile').querySelector('img')?.getAttribute('src')).toBe('/t/tile.webp'),
    );
    expect(screen.queryByTestId('file-processing')).toBeNull();
    expect(screen.getByTestId('meta').textContent).toBe('200 KB · JPG');
    // The list was read once: only the file was asked for again.
    expect(callsTo(fetchMock, `GET /api/projects/${scope.projectId}/cloud/folders/content`)).toHaveLength(1);
  });
});
