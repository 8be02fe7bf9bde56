import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deprecatedRedirectRoutes } from './redirects';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

async function landingOf(url: string): Promise<string> {
  const router = createMemoryRouter(
    [
      {
        path: '/:appSlug',
        children: [...deprecatedRedirectRoutes, { path: 'groups/*', element: <Where /> }],
      },
    ],
    { initialEntries: [url] },
  );
  const { unmount } = render(<RouterProvider router={router} />);
  const text = (await screen.findByTestId('where')).textContent ?? '';
  unmount();
  return text;
}

describe('deprecated community addresses (spec §2, RULE-207)', () => {
  it.each([
    ['/akademie/community', '/akademie/groups'],
    ['/akademie/g/yoga', '/akademie/groups/c/yoga'],
    ['/akademie/g/yoga/members', '/akademie/groups/c/yoga/members'],
    ['/akademie/s/morgens', '/akademie/groups/g/morgens'],
    ['/akademie/s/morgens/members', '/akademie/groups/g/morgens/members'],
    ['/akademie/s/morgens/rules', '/akademie/groups/g/morgens/rules'],
    ['/akademie/s/morgens/p/sonnengruss', '/akademie/groups/g/morgens/p/sonnengruss'],
    ['/akademie/s/morgens/share/a1b2c3', '/akademie/groups/g/morgens/share/a1b2c3'],
  ])('%s leads to %s', async (from, to) => {
    expect(await landingOf(from)).toBe(to);
  });

  it('keeps the query string and never leaves the app', async () => {
    expect(await landingOf('/akademie/s/morgens?sort=trends')).toBe('/akademie/groups/g/morgens?sort=trends');
    // A slug that tries to climb out stays a single, encoded path segment.
    expect(await landingOf('/akademie/g/..%2F..%2Fprojects')).toBe('/akademie/groups/c/..%2F..%2Fprojects');
  });
});
