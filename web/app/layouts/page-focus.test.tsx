import { useEffect, useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { IconFolders } from '@tabler/icons-react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { Shell } from './shell';

function Page({ title, next }: { title: string; next: string }) {
  return (
    <>
      <h1>{title}</h1>
      <Link to={next}>Weiter</Link>
    </>
  );
}

/** A screen whose heading comes with its data, a moment after the page changed. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoaded(true), 50);
    return () => window.clearTimeout(timer);
  }, []);
  return loaded ? <h1>Spät geladen</h1> : <p>Wird geladen …</p>;
}

/** A screen that puts the focus in its first field itself (sign-in, create project). */
function FormPage() {
  return (
    <>
      <h1>Anmelden</h1>
      <input aria-label="E-Mail-Adresse" autoFocus />
    </>
  );
}

function renderShell(url = '/erste') {
  return renderRoutes(
    [
      {
        element: (
          <Shell
            testId="shell"
            homePath="/"
            brand={<span>Gemeinde</span>}
            owner={null}
            navItems={[{ to: '/zweite', label: 'Zweite', icon: IconFolders }]}
            legalLinks={[]}
          />
        ),
        children: [
          { path: '/erste', element: <Page title="Erste Seite" next="/zweite" /> },
          { path: '/zweite', element: <Page title="Zweite Seite" next="/langsam" /> },
          { path: '/langsam', element: <SlowPage /> },
          { path: '/formular', element: <FormPage /> },
        ],
      },
    ],
    { url },
  );
}

const focusables = () =>
  Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]')).filter(
    (element) => element.tabIndex >= 0,
  );

describe('the skip link and the focus after a page change', () => {
  it('offers "Zum Inhalt springen" first, and it takes the focus to the page heading', async () => {
    renderShell();
    await screen.findByRole('heading', { level: 1, name: 'Erste Seite' });
    const skip = focusables()[0]!;
    expect(skip.textContent).toBe('Zum Inhalt springen');
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');

    fireEvent.click(skip);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(heading);
    // Focusable by script only: the heading is no stop of the Tab order.
    expect(heading.tabIndex).toBe(-1);
  });

  it('leaves the focus alone on the first load', async () => {
    renderShell();
    await screen.findByRole('heading', { level: 1, name: 'Erste Seite' });
    expect(document.activeElement).toBe(document.body);
  });

  it('moves the focus to the new page’s heading after a link is followed', async () => {
    renderShell();
    const link = await screen.findByRole('link', { name: 'Weiter' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Zweite Seite' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('also from a link that stays on screen (the header navigation)', async () => {
    renderShell();
    await screen.findByRole('heading', { level: 1, name: 'Erste Seite' });
    const navLink = screen.getByRole('link', { name: 'Zweite' });
    navLink.focus();
    fireEvent.click(navLink);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Zweite Seite' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('waits for a heading that comes with the page’s data', async () => {
    const { router } = renderShell('/zweite');
    await screen.findByRole('heading', { level: 1, name: 'Zweite Seite' });
    await act(() => router.navigate('/langsam'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Spät geladen' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('keeps the focus in a field the new page focused itself', async () => {
    const { router } = renderShell();
    await screen.findByRole('heading', { level: 1, name: 'Erste Seite' });
    await act(() => router.navigate('/formular'));
    const field = await screen.findByRole('textbox', { name: 'E-Mail-Adresse' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});
