import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fixtures';
import { cloudEntity } from './cloud-entity.fixture';
import { myFiles } from './cloud-scope';
import { prefetchProjectLibrary } from './cloud-prefetch';
import { libraryLayout } from './library-layout';

const projectId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61';
const rootId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';

const photos = Array.from({ length: 12 }, (_, index) =>
  cloudEntity({
    id: `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d40${String(index).padStart(2, '0')}`,
    name: `bild-${index}.jpg`,
    type: 'image',
    extension: 'jpg',
    thumbnails: {
      tile: `/t/${index}/tile.webp`,
      table: `/t/${index}/table.webp`,
      preview: `/t/${index}/p.webp`,
    },
  }),
);

function stubLibrary() {
  stubFetch({
    [`GET /api/projects/${projectId}/cloud/folders/content`]: () =>
      json(200, {
        data: photos,
        meta: {
          page: 1,
          pages: 1,
          total: photos.length,
          files: photos.length,
          folders: 0,
          rootId,
          folder: null,
        },
      }),
  });
}

describe('the library asked for while its code loads', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('starts the first row’s thumbnails once the first page is here, in the grid', async () => {
    stubLibrary();
    const sources = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    const client = new QueryClient();
    await prefetchProjectLibrary(client, projectId, myFiles);
    const { columns } = libraryLayout('grid', window.innerWidth, false);
    expect(columns).toBeLessThan(photos.length);
    expect(sources.mock.calls.map(([source]) => source)).toEqual(
      photos.slice(0, columns).map((photo) => photo.thumbnails!.tile),
    );
  });

  it('starts none in the list view, whose rows show small pictures', async () => {
    window.localStorage.setItem('cloud.view', 'list');
    stubLibrary();
    const sources = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    await prefetchProjectLibrary(new QueryClient(), projectId, myFiles);
    expect(sources).not.toHaveBeenCalled();
  });
});
