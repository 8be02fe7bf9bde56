import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, testApp } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CurrentAppContext } from '../../kernel/current-app';
import { EventFeedSection } from './feed-section';

const feedPath = `/api/apps/${testApp.id}/events/feed`;
const feedOf = (token: string) => ({
  webcalUrl: `webcal://app.localhost:3000/api/events/feeds/${token}.ics`,
  httpsUrl: `https://app.localhost:3000/api/events/feeds/${token}.ics`,
});

beforeEach(() => {
  signInForTest();
});

function renderSection(app = testApp) {
  return renderWithProviders(
    <CurrentAppContext value={app}>
      <EventFeedSection />
    </CurrentAppContext>,
    { host: 'app' },
  );
}

describe('Kalender abonnieren', () => {
  it('creates the private link, makes a new one that ends the old, and deletes it, each after a warning', async () => {
    const tokens = ['erster', 'zweiter'];
    let feed: ReturnType<typeof feedOf> | null = null;
    const fetchMock = stubFetch({
      [`GET ${feedPath}`]: () => json(200, { data: feed }),
      [`POST ${feedPath}`]: () => {
        feed = feedOf(tokens.shift()!);
        return json(201, { data: feed });
      },
      [`DELETE ${feedPath}`]: () => {
        feed = null;
        return new Response(null, { status: 204 });
      },
    });
    renderSection();
    const section = await screen.findByTestId('event-feed');
    expect(within(section).getByRole('heading', { name: 'Kalender abonnieren' })).toBeTruthy();
    fireEvent.click(await within(section).findByRole('button', { name: 'Privaten Kalender-Link erstellen' }));

    const link = await within(section).findByRole<HTMLInputElement>('textbox', {
      name: /Ihr privater Kalender-Link/,
    });
    expect(link.value).toBe('webcal://app.localhost:3000/api/events/feeds/erster.ics');
    expect(within(section).getByRole('link', { name: 'In Kalender-App öffnen' }).getAttribute('href')).toBe(
      link.value,
    );
    expect(within(section).getByRole('button', { name: 'Link kopieren' })).toBeTruthy();
    await expectNoAxeViolations(section);

    fireEvent.click(within(section).getByRole('button', { name: 'Neuen Link erstellen' }));
    const rotate = await screen.findByRole('dialog', { name: 'Neuen Kalender-Link erstellen?' });
    expect(within(rotate).getByText(/Der bisherige Link funktioniert danach nicht mehr/)).toBeTruthy();
    fireEvent.click(within(rotate).getByRole('button', { name: 'Neuen Link erstellen' }));
    await waitFor(() => expect(link.value).toBe('webcal://app.localhost:3000/api/events/feeds/zweiter.ics'));
    expect(
      await screen.findByText('Ein neuer Link ist erstellt; der alte funktioniert nicht mehr.'),
    ).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Link löschen' }));
    const remove = await screen.findByRole('dialog', { name: 'Kalender-Link löschen?' });
    fireEvent.click(within(remove).getByRole('button', { name: 'Link löschen' }));
    expect(
      await within(section).findByRole('button', { name: 'Privaten Kalender-Link erstellen' }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${feedPath}`)).toHaveLength(2);
    expect(callsTo(fetchMock, `DELETE ${feedPath}`)).toHaveLength(1);
  });

  it('shows nothing where the app has no events', () => {
    const fetchMock = stubFetch({});
    renderSection({ ...testApp, services: { ...testApp.services, events: false } });
    expect(screen.queryByTestId('event-feed')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
