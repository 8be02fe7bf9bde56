import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { installSessionHandling } from '../../kernel/session/session';
import { refreshTokenKey } from '../../kernel/session/refresh-token-storage';
import { restoreSessionOnce } from '../../kernel/session/settle';
import { forgetBootScript, runBootScript } from '../../test/boot-script';
import { testProject } from '../../test/workspace-fixtures';
import { callsTo, json, stubFetch, testSession, urlOf } from '../../test/fixtures';
import { cloudEntity } from './cloud-entity.fixture';
import { cloudListQuery, cloudPathQuery, defaultListFilters } from './cloud-api';
import { myFiles } from './cloud-scope';
import { prefetchProjectLibrary } from './cloud-prefetch';
import { libraryEarlyData } from './library-early-data';
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

const firstPage = () =>
  json(200, {
    data: photos,
    meta: { page: 1, pages: 1, total: photos.length, files: photos.length, folders: 0, rootId, folder: null },
  });

function stubLibrary() {
  stubFetch({ [`GET /api/projects/${projectId}/cloud/folders/content`]: firstPage });
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

describe('the library asked for by its pre-painted page before the app runs', () => {
  const folderId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e98';
  const scope = { projectId, appId: null, basePath: null };
  // The texts' links, as the build writes them: the page's language is the one the app starts in.
  const texts = '<link rel="modulepreload" href="/assets/locale-de.js" data-language="de" data-default>';
  let uninstall = () => {};

  function stubPage() {
    window.localStorage.setItem(refreshTokenKey, 'refresh-token-0000000000000001');
    uninstall = installSessionHandling();
    return stubFetch({
      'GET /api/client-config': () => json(200, {}),
      'POST /api/auth/refresh-token': () =>
        json(200, testSession({ accessToken: 'access-2', refreshToken: 'refresh-token-0000000000000002' })),
      [`GET /api/folders/${folderId}/content`]: firstPage,
      [`GET /api/folders/${folderId}/path`]: () => json(200, { data: [] }),
      [`GET /api/projects/${projectId}/cloud/folders/content`]: firstPage,
      [`GET /api/projects/${projectId}`]: () => json(200, { data: testProject({ id: projectId }) }),
    });
  }

  afterEach(() => {
    uninstall();
    forgetBootScript();
    document.body.innerHTML = '';
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('asks for a folder’s first page, its breadcrumb and first row once, and the app takes the answers', async () => {
    window.history.replaceState(null, '', `/projects/${projectId}/cloud/${folderId}`);
    const fetchMock = stubPage();
    const sources = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    // The pre-painted page's tile frames (web/build/skeletons/library.html), fewer than a row here.
    document.body.innerHTML = `<div id="boot-skeleton">${'<span data-early-image></span>'.repeat(2)}</div>`;
    runBootScript(texts, libraryEarlyData());
    await window.gemeindeSession;
    const { columns } = libraryLayout('grid', window.innerWidth, false);
    expect(columns).toBeGreaterThan(2);
    // The first row's thumbnails are asked for before the app has run, and the page shows those it has frames for.
    await expect.poll(() => sources.mock.calls.length).toBe(columns);
    const firstRow = photos.slice(0, columns).map((photo) => photo.thumbnails!.tile);
    expect(sources.mock.calls.map(([source]) => source)).toEqual(firstRow);
    const framed = [...document.querySelectorAll('[data-early-image]')].map((frame) =>
      frame.querySelector('img')?.getAttribute('src'),
    );
    expect(framed).toEqual(firstRow.slice(0, 2));
    const sent = fetchMock.mock.calls.find(([input]) => urlOf(input).includes('/content'))?.[1];
    expect(new Headers(sent?.headers).get('Authorization')).toBe('Bearer access-2');

    await restoreSessionOnce();
    const client = new QueryClient();
    await prefetchProjectLibrary(client, projectId, { kind: 'folder', id: folderId });
    // The project layout's loader asks for the project (projectQuery in features/projects).
    expect(await api.get(`/projects/${projectId}`)).toMatchObject({ data: { id: projectId } });
    expect(callsTo(fetchMock, `GET /api/projects/${projectId}`)).toHaveLength(1);
    expect(callsTo(fetchMock, `GET /api/folders/${folderId}/content`)).toHaveLength(1);
    expect(callsTo(fetchMock, `GET /api/folders/${folderId}/path`)).toHaveLength(1);
    const location = { kind: 'folder', id: folderId } as const;
    expect(
      client.getQueryData(cloudListQuery(scope, location, defaultListFilters).queryKey)?.pages[0]?.data,
    ).toHaveLength(photos.length);
    expect(client.getQueryData(cloudPathQuery(scope, folderId).queryKey)).toEqual([]);
    expect(window.gemeindeEarlyAnswers).toEqual({});
  });

  it('holds the app’s scripts until the first row’s pictures have loaded or failed', async () => {
    window.history.replaceState(null, '', `/projects/${projectId}/cloud/${folderId}`);
    stubPage();
    const sources = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    runBootScript(texts, libraryEarlyData());
    await window.gemeindeSession;
    const { columns } = libraryLayout('grid', window.innerWidth, false);
    await expect.poll(() => sources.mock.calls.length).toBe(columns);
    // The page's first paint has been reported (or its frames have passed): the scripts would load now.
    await new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
    );
    const scripts = () => document.head.querySelectorAll('link[href="/assets/locale-de.js"]').length;
    expect(scripts()).toBe(0);
    const pictures = sources.mock.contexts as HTMLImageElement[];
    for (const picture of pictures.slice(1)) {
      picture.dispatchEvent(new Event('load'));
    }
    await Promise.resolve();
    expect(scripts()).toBe(0);
    pictures[0]!.dispatchEvent(new Event('error'));
    await expect.poll(scripts).toBe(1);
  });

  it('asks for My files without pictures in the list view, and leaves an address with a query to the app', async () => {
    window.localStorage.setItem('cloud.view', 'list');
    window.history.replaceState(null, '', `/projects/${projectId}/cloud`);
    const fetchMock = stubPage();
    const sources = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    runBootScript(texts, libraryEarlyData());
    await window.gemeindeSession;
    await restoreSessionOnce();
    await prefetchProjectLibrary(new QueryClient(), projectId, myFiles);
    expect(callsTo(fetchMock, `GET /api/projects/${projectId}/cloud/folders/content`)).toHaveLength(1);
    expect(sources).not.toHaveBeenCalled();

    uninstall();
    window.history.replaceState(null, '', `/projects/${projectId}/cloud?folder=photo`);
    window.gemeindeEarlyAnswers = undefined;
    runBootScript(texts, libraryEarlyData());
    await window.gemeindeSession;
    expect(window.gemeindeEarlyAnswers).toBeUndefined();
  });
});
