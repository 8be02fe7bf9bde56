import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../../../contracts/events';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch, testApp, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { categories, host, shellRoutes, teamApp, testEvent, testEventSettings } from './editor-test-data';

const appId = testApp.id;
const eventsPath = `/api/apps/${appId}/events`;

beforeEach(() => {
  signInForTest();
});

/** What the editor reads beside the event: the defaults, the categories and the members for the hosts. */
const editorRoutes = (): Record<string, Route> => ({
  ...shellRoutes(),
  [`GET /api/apps/${appId}/event-settings`]: () => json(200, { data: testEventSettings() }),
  [`GET ${eventsPath}/categories/dropdown`]: (_init, url) => {
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const found = categories.filter((category) => category.name.toLowerCase().includes(search));
    return json(200, {
      data: found.map(({ id, name }) => ({ id, name })),
      meta: { page: 1, pages: 1, total: found.length },
    });
  },
  [`GET /api/apps/${appId}/profiles/dropdown`]: () =>
    json(200, {
      data: [{ id: host.id, firstName: 'Ben', lastName: 'Maier', avatarId: null, type: 'member' }],
      meta: { page: 1, pages: 1, total: 1 },
    }),
});

/** The event of an address, read by its slug about the asked occurrence. */
const eventRoutes = (event: Event, patch?: Route): Record<string, Route> => ({
  [`GET ${eventsPath}/by-slug/${event.slug}`]: () => json(200, { data: event }),
  [`PATCH /api/events/${event.id}`]: patch ?? (() => json(200, { data: event })),
});

const findEditor = () => screen.findByTestId('event-editor', {}, { timeout: 15_000 });
const field = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const save = (name = 'Erstellen') => screen.getAllByRole('button', { name }).at(-1)!;

async function choose(testId: string, option: RegExp | string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the event editor', { timeout: 90_000 }, () => {
  it('creates a custom weekly series from the app’s defaults and shows its next dates in words', async () => {
    const fetchMock = stubFetch({
      ...editorRoutes(),
      [`POST ${eventsPath}`]: (init) =>
        json(201, { data: testEvent({ name: String(bodyOf(init).name), slug: 'werkstatt' }) }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/events/create', host: 'app' });
    await findEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Veranstaltung erstellen' })).toBeTruthy();
    // The defaults of settings/events: 90 minutes, 25 seats, reminders a day and an hour before.
    expect(screen.getByTestId<HTMLInputElement>('event-editor-duration').value).toBe('1 Std. 30 Min.');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Plätze pro Termin/ }).value).toBe('25');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '1 Tag vorher' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '1 Std. vorher' }).checked).toBe(true);

    // Nothing leaves without a name.
    fireEvent.click(save());
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${eventsPath}`)).toHaveLength(0);

    fireEvent.change(field(/^Name/), { target: { value: 'Werkstatt' } });
    fireEvent.change(screen.getByTestId('event-editor-date'), { target: { value: '27.10.2026' } });
    fireEvent.blur(screen.getByTestId('event-editor-date'));
    fireEvent.change(screen.getByTestId('event-editor-time'), { target: { value: '19:00' } });
    await choose('event-editor-duration', '2 Std.');
    await choose('event-editor-category', 'Workshops');

    await choose('event-recurrence-kind', 'Benutzerdefiniert …');
    fireEvent.click(screen.getByRole('button', { name: 'Donnerstag' }));
    fireEvent.change(screen.getByTestId('event-recurrence-interval'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Nach' }));
    fireEvent.change(screen.getByTestId('event-recurrence-count'), { target: { value: '4' } });
    const preview = screen.getByTestId('event-recurrence-preview');
    await waitFor(() =>
      expect(preview.textContent).toBe(
        'Nächste Termine: Di 27.10. 19:00 · Do 29.10. 19:00 · Di 10.11. 19:00 · Do 12.11. 19:00',
      ),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Vor Ort' }));
    fireEvent.change(field(/Adresse/), { target: { value: 'Hafenstraße 1, 20457 Hamburg' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unbegrenzt' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '1 Std. vorher' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '15 Min. vorher' }));
    await expectNoAxeViolations(screen.getByTestId('event-editor'));

    fireEvent.click(save());
    await waitFor(() => expect(callsTo(fetchMock, `POST ${eventsPath}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST ${eventsPath}`)[0]).toEqual({
      name: 'Werkstatt',
      description: '',
      categoryId: categories[0]!.id,
      coverId: null,
      attachmentIds: [],
      hostIds: [],
      startsAt: '2026-10-27T19:00',
      timeZone: expect.any(String),
      durationInSeconds: 7200,
      eventType: 'person',
      virtualLocationUrl: null,
      inPersonLocation: 'Hafenstraße 1, 20457 Hamburg',
      recurringEventPattern: {
        frequency: 'weekly',
        dayType: 'everyday',
        interval: 2,
        weekdays: ['TU', 'TH'],
        count: 4,
      },
      participantsNumberLimit: null,
      isEmailConfirmationEnabled: true,
      isReminderEnabled: true,
      reminderOffsetsInSeconds: [86_400, 900],
      access: 'auth',
    });
    expect(await screen.findByText('„Werkstatt“ wurde gespeichert.')).toBeTruthy();
  });

  it('shows the server’s refusals at their fields', async () => {
    stubFetch({
      ...editorRoutes(),
      [`POST ${eventsPath}`]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'errors.VALIDATION_FAILED',
          errors: {
            virtualLocationUrl: 'validation.invalidValue',
            'recurringEventPattern.until': 'validation.invalidValue',
          },
        }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/events/create', host: 'app' });
    await findEditor();
    fireEvent.change(field(/^Name/), { target: { value: 'Werkstatt' } });
    await choose('event-recurrence-kind', 'Täglich');
    fireEvent.click(save());
    await waitFor(() => expect(screen.getAllByText('Dieser Wert ist hier nicht zulässig.')).toHaveLength(2));
    expect(field(/Link zum Meeting/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('event-recurrence-kind').getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Name/).getAttribute('aria-invalid')).toBeNull();
    // Said at the fields, not once more as a general message.
    expect(screen.queryByText('Bitte überprüfen Sie Ihre Eingaben.')).toBeNull();
  });

  it('asks what a change of a recurring event applies to and moves the series by as much for all', async () => {
    const event = testEvent();
    const fetchMock = stubFetch({ ...editorRoutes(), ...eventRoutes(event) });
    const { router } = renderRoutes(createRoutes('app'), {
      url: '/akademie/events/offene-sprechstunde/edit?occurrence=2026-10-27T19:00:00',
      host: 'app',
    });
    await findEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Veranstaltung bearbeiten' })).toBeTruthy();
    expect(field(/^Name/).value).toBe('Offene Sprechstunde');
    expect(screen.getByTestId<HTMLInputElement>('event-editor-time').value).toBe('19:00');
    expect(screen.getByTestId<HTMLInputElement>('event-recurrence-kind').value).toBe(
      'Wöchentlich am Dienstag',
    );
    expect(screen.getByText('Agenda.pdf')).toBeTruthy();
    expect(screen.getByText('Ben Maier')).toBeTruthy();

    fireEvent.change(screen.getByTestId('event-editor-time'), { target: { value: '20:30' } });
    fireEvent.click(save('Speichern'));
    const dialog = await screen.findByRole('dialog', { name: 'Änderung speichern' });
    expect(within(dialog).getByText(/Termin am Di 27\.10\. 19:00/)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Nur diesen Termin/ }).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: /Alle Termine/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH /api/events/${event.id}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `PATCH /api/events/${event.id}`)[0]).toEqual({
      startsAt: '2026-10-06T20:30',
      scope: 'all',
      occurrence: '2026-10-27T19:00:00',
    });
    // The moved series' occurrences have new names: the page shows the next one.
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/akademie/events/offene-sprechstunde/view'),
    );
    expect(router.state.location.search).toBe('');
  });

  it('offers no single occurrence once the rule changed', async () => {
    const event = testEvent();
    const fetchMock = stubFetch({ ...editorRoutes(), ...eventRoutes(event) });
    renderRoutes(createRoutes('app'), { url: '/akademie/events/offene-sprechstunde/edit', host: 'app' });
    await findEditor();
    await choose('event-recurrence-kind', 'Täglich');
    fireEvent.click(save('Speichern'));
    const dialog = await screen.findByRole('dialog', { name: 'Änderung speichern' });
    expect(within(dialog).queryByRole('radio', { name: /Nur diesen Termin/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH /api/events/${event.id}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `PATCH /api/events/${event.id}`)[0]).toEqual({
      recurringEventPattern: { frequency: 'daily', dayType: 'everyday', interval: 1 },
      scope: 'following',
      occurrence: '2026-10-27T19:00:00',
    });
  });

  it('is not found for whoever may not edit the event or create one', async () => {
    const event = testEvent({ permissions: { can: ['view', 'join'] } });
    stubFetch({ ...editorRoutes(), ...eventRoutes(event) });
    const view = renderRoutes(createRoutes('app'), {
      url: '/akademie/events/offene-sprechstunde/edit',
      host: 'app',
    });
    expect(await screen.findByText('Diese Seite gibt es nicht', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('event-editor')).toBeNull();
    view.unmount();

    stubFetch({
      ...editorRoutes(),
      ...shellRoutes({ ...teamApp, permissions: { can: ['view', 'view_events'] } }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/events/create', host: 'app' });
    expect(await screen.findByText('Diese Seite gibt es nicht', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
