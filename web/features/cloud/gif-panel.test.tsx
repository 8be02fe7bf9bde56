import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Gif, GifList } from '../../../contracts/gifs';
import { ClientConfigContext } from '../../kernel/client-config';
import { createQueryClient } from '../../app/query-client';
import { json, stubFetch, urlOf } from '../../test/fixtures';
import { renderWithProviders, testClientConfig } from '../../test/render';
import { gifColumnCount, GifPanel, masonryColumns } from './gif-panel';

const gif = (id: string, previewWidth = 200, previewHeight = 150): Gif => ({
  id,
  title: `Katze ${id}`,
  url: `https://media.example/${id}.gif`,
  previewUrl: `https://media.example/${id}-200w.gif`,
  width: 480,
  height: 360,
  previewWidth,
  previewHeight,
});

const page = (data: Gif[], nextOffset: number | null = null): GifList => ({
  data,
  meta: { offset: 0, count: data.length, total: data.length, nextOffset },
});

function renderPanel(onSelect = vi.fn()) {
  const queryClient = createQueryClient();
  // Failures are asserted directly, without the production retries.
  queryClient.setDefaultOptions({ queries: { retry: false } });
  renderWithProviders(
    <ClientConfigContext value={{ ...testClientConfig, gifs: true }}>
      <GifPanel onSelect={onSelect} />
    </ClientConfigContext>,
    { queryClient },
  );
  return onSelect;
}

describe('masonryColumns', () => {
  it('deals each GIF to the shortest column', () => {
    const tall = gif('tall', 100, 300);
    const columns = masonryColumns([tall, gif('a'), gif('b'), gif('c')], 2);
    expect(columns.map((column) => column.map((item) => item.id))).toEqual([['tall'], ['a', 'b', 'c']]);
  });

  it('treats a GIF without dimensions as square', () => {
    const columns = masonryColumns([gif('a', 0, 0), gif('b'), gif('c')], 2);
    expect(columns.map((column) => column.map((item) => item.id))).toEqual([['a'], ['b', 'c']]);
  });
});

describe('gifColumnCount', () => {
  it('fits columns of at least 150 px, never fewer than two', () => {
    expect(gifColumnCount(0)).toBe(2);
    expect(gifColumnCount(343)).toBe(2);
    expect(gifColumnCount(1000)).toBe(6);
  });
});

describe('GifPanel', () => {
  it('says so when trending has nothing', async () => {
    stubFetch({ 'GET /api/gifs/trending': () => json(200, page([])) });
    renderPanel();
    expect((await screen.findByTestId('gif-empty')).textContent).toContain('Keine GIFs gefunden');
    expect(screen.queryAllByTestId('gif-item')).toHaveLength(0);
  });

  it('searches after the typing pauses and hands over the chosen GIF', async () => {
    const fetchMock = stubFetch({
      'GET /api/gifs/trending': () => json(200, page([gif('t1')])),
      'GET /api/gifs/search': (_init, url) =>
        json(200, page(url.searchParams.get('query') === 'katze' ? [gif('s1'), gif('s2')] : [])),
    });
    const onSelect = renderPanel();
    expect(await screen.findAllByTestId('gif-item')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('gif-search'), { target: { value: 'kat' } });
    fireEvent.change(screen.getByTestId('gif-search'), { target: { value: 'katze ' } });
    await waitFor(() => expect(screen.getAllByTestId('gif-item')).toHaveLength(2));
    // One search for the settled text, trimmed, none for the keystrokes before it.
    const searches = fetchMock.mock.calls
      .map(([input]) => urlOf(input))
      .filter((url) => url.includes('/search'));
    expect(searches).toEqual(['/api/gifs/search?query=katze&offset=0']);
    fireEvent.click(screen.getByRole('button', { name: 'Katze s2' }));
    expect(onSelect).toHaveBeenCalledWith(gif('s2'));
  });

  it('loads the next page by the offset the server gave', async () => {
    const fetchMock = stubFetch({
      'GET /api/gifs/trending': (_init, url) =>
        json(200, url.searchParams.get('offset') === '25' ? page([gif('t2')]) : page([gif('t1')], 25)),
    });
    renderPanel();
    // jsdom has no layout, so the first page never fills the panel and the next one follows.
    await waitFor(() => expect(screen.getAllByTestId('gif-item')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps a tinted tile instead of a broken image when a preview does not load', async () => {
    stubFetch({ 'GET /api/gifs/trending': () => json(200, page([gif('t1')])) });
    renderPanel();
    const item = await screen.findByTestId('gif-item');
    fireEvent.error(item.querySelector('img')!);
    expect(item.querySelector('img')).toBeNull();
    expect(screen.getByTestId('gif-item-fallback')).toBeTruthy();
  });

  it('only logs a loading error, without a notification', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({
      'GET /api/gifs/trending': () => json(503, { code: 'SERVICE_UNAVAILABLE', message: 'down' }),
    });
    renderPanel();
    expect(await screen.findByTestId('gif-failed')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('GIFs could not be loaded', expect.anything());
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('calls nothing when the server has no GIF provider', () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<GifPanel onSelect={vi.fn()} />);
    expect(screen.getByTestId('gif-unavailable').textContent).toContain('GIFs sind nicht verfügbar');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
