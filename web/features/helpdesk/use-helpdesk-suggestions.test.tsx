import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterApp } from '../../../contracts/router';
import { CurrentAppContext } from '../../kernel/current-app';
import { json, signInForTest, stubFetch, testApp } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { HighlightedText } from './highlighted-text';
import { useHelpdeskSuggestions } from './use-helpdesk-suggestions';

const hit = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e70',
  name: 'Rechnungen herunterladen',
  slug: 'rechnungen-herunterladen',
  categoryId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e71',
  categoryName: 'Konto',
  categorySlug: 'konto',
  isPublished: true,
  title: [{ text: 'Rechnungen herunterladen', mark: false }],
  snippet: [
    { text: 'Alle ', mark: false },
    { text: 'Rechnungen', mark: true },
    { text: ' finden Sie im Konto.', mark: false },
  ],
};

function Suggestions({ text }: { text: string }) {
  const { suggestions } = useHelpdeskSuggestions(text, { delay: 10 });
  return (
    <ul>
      {suggestions.map((suggestion) => (
        <li key={suggestion.id}>
          <a href={suggestion.path}>{suggestion.name}</a>
          <p data-testid="snippet">
            <HighlightedText pieces={suggestion.snippet} />
          </p>
        </li>
      ))}
    </ul>
  );
}

const render = (app: RouterApp, text: string) => {
  signInForTest();
  return renderWithProviders(
    <CurrentAppContext value={app}>
      <Suggestions text={text} />
    </CurrentAppContext>,
  );
};

describe('useHelpdeskSuggestions', () => {
  it('suggests the articles matching any word with their paths and marks the matched words', async () => {
    const fetchMock = stubFetch({
      [`GET /api/apps/${testApp.id}/helpdesk/search`]: (_, url) => {
        expect(url.searchParams.get('q')).toBe('Meine Rechnung fehlt');
        expect(url.searchParams.get('limit')).toBe('5');
        expect(url.searchParams.get('match')).toBe('any');
        return json(200, { data: [hit] });
      },
    });
    render({ ...testApp, services: { ...testApp.services, helpdesk: true } }, '  Meine Rechnung fehlt ');
    const link = await screen.findByRole('link', { name: 'Rechnungen herunterladen' });
    expect(link.getAttribute('href')).toBe('/akademie/helpdesk/konto/rechnungen-herunterladen');
    expect(screen.getByTestId('snippet').querySelector('mark')?.textContent).toBe('Rechnungen');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while the help desk is off or the text is short', async () => {
    const fetchMock = stubFetch({});
    render(testApp, 'Rechnung fehlt');
    render({ ...testApp, services: { ...testApp.services, helpdesk: true } }, 'Re');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
