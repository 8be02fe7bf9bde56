import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventCategory, EventSettings } from '../../../contracts/events';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch, testApp, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { categories, shellRoutes, testEventSettings } from './editor-test-data';

const settingsPath = `/api/apps/${testApp.id}/event-settings`;
const categoriesPath = `/api/apps/${testApp.id}/events/categories`;
const newId = '0190f5a2-7c1e-7b4e-9a55-000000009199';

beforeEach(() => {
  signInForTest();
});

/** The app's team opens settings/events; the server keeps what it is sent. */
function openSettings(overrides: Record<string, Route> = {}) {
  let saved: EventSettings = testEventSettings();
  let list: EventCategory[] = categories.map((category) => ({ ...category }));
  const fetchMock = stubFetch({
    ...shellRoutes(),
    [`GET ${settingsPath}`]: () => json(200, { data: saved }),
    [`PATCH ${settingsPath}`]: (init) => {
      saved = { ...saved, ...(bodyOf(init) as Partial<EventSettings>) };
      return json(200, { data: saved });
    },
    [`GET ${categoriesPath}`]: () =>
      json(200, { data: list, meta: { page: 1, pages: 1, total: list.length } }),
    [`POST ${categoriesPath}`]: (init) => {
      const created = { id: newId, name: String(bodyOf(init).name).trim(), position: 4, eventsCount: 0 };
      list = [...list, created];
      return json(201, { data: created });
    },
    [`PATCH /api/events/categories/${categories[1]!.id}`]: (init) => {
      list = list.map((category) =>
        category.id === categories[1]!.id ? { ...category, name: String(bodyOf(init).name) } : category,
      );
      return json(200, { data: list[1] });
    },
    [`PATCH /api/events/categories/${categories[0]!.id}/move`]: (init) => {
      const moved = list[0]!;
      const rest = list.slice(1);
      const after = rest.findIndex((category) => category.id === bodyOf(init).prevId);
      list = [...rest.slice(0, after + 1), moved, ...rest.slice(after + 1)];
      return json(200, { data: moved });
    },
    [`DELETE /api/events/categories/${categories[2]!.id}`]: () => {
      list = list.filter((category) => category.id !== categories[2]!.id);
      return new Response(null, { status: 204 });
    },
    ...overrides,
  });
  renderRoutes(createRoutes('app'), { url: '/akademie/settings/events', host: 'app' });
  return fetchMock;
}

const rowNames = () =>
  screen.getAllByTestId('event-category-row').map((row) => row.querySelector('p')?.textContent);

async function menuAction(row: number, action: string) {
  fireEvent.click(screen.getAllByTestId('event-category-menu')[row]!);
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('settings/events', { timeout: 60_000 }, () => {
  it('adds, renames, reorders and deletes categories', async () => {
    const fetchMock = openSettings();
    await screen.findByTestId('event-category-list', {}, { timeout: 15_000 });
    expect(rowNames()).toEqual(['Workshops', 'Meet-ups', 'Sprechstunden']);
    expect(screen.getByText('12 Veranstaltungen')).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('event-categories'));

    // An empty name is refused before anything is sent.
    fireEvent.click(screen.getByTestId('event-category-add'));
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Neue Kategorie' }), {
      target: { value: '  Lesekreis ' },
    });
    fireEvent.click(screen.getByTestId('event-category-add'));
    await waitFor(() => expect(rowNames()).toEqual(['Workshops', 'Meet-ups', 'Sprechstunden', 'Lesekreis']));
    expect(callsTo(fetchMock, `POST ${categoriesPath}`)).toEqual([{ name: '  Lesekreis ' }]);

    await menuAction(1, 'Bearbeiten');
    const rename = screen.getByRole('textbox', { name: 'Kategorie umbenennen' });
    fireEvent.change(rename, { target: { value: 'Treffen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Namen speichern' }));
    await waitFor(() => expect(rowNames()).toEqual(['Workshops', 'Treffen', 'Sprechstunden', 'Lesekreis']));

    // Down one place: after "Treffen".
    await menuAction(0, 'Nach unten');
    await waitFor(() => expect(rowNames()).toEqual(['Treffen', 'Workshops', 'Sprechstunden', 'Lesekreis']));
    expect(callsTo(fetchMock, `PATCH /api/events/categories/${categories[0]!.id}/move`)).toEqual([
      { prevId: categories[1]!.id },
    ]);

    await menuAction(2, 'Löschen');
    const dialog = await screen.findByRole('dialog', { name: '„Sprechstunden“ löschen?' });
    expect(within(dialog).getByText(/Ihre Veranstaltungen \(12\) bleiben erhalten/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kategorie löschen' }));
    await waitFor(() => expect(rowNames()).toEqual(['Treffen', 'Workshops', 'Lesekreis']));
  });

  it('saves who may create events and the defaults, only what changed', async () => {
    const fetchMock = openSettings();
    const form = await screen.findByTestId('event-settings-form', {}, { timeout: 15_000 });
    expect(
      within(form)
        .getByRole('radio', { name: /Nur Admins/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await expectNoAxeViolations(form);

    fireEvent.click(within(form).getByRole('radio', { name: /Alle Mitglieder/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Unbegrenzt' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: '1 Std. vorher' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: '1 Woche vorher' }));
    fireEvent.click(within(form).getByRole('switch', { name: /Bestätigung per E-Mail/ }));
    fireEvent.click(screen.getByTestId('event-settings-duration'));
    fireEvent.click(await screen.findByRole('option', { name: '45 Min.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(await screen.findByText('Die Einstellungen der Veranstaltungen wurden gespeichert.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${settingsPath}`)).toEqual([
      {
        creators: 'members',
        defaultDurationInSeconds: 2700,
        defaultParticipantsNumberLimit: null,
        defaultReminderOffsetsInSeconds: [604_800, 86_400],
        isEmailConfirmationEnabledByDefault: false,
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Änderungen speichern' }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
  });

  it('shows the server’s refusal at its field', async () => {
    openSettings({
      [`PATCH ${settingsPath}`]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'errors.VALIDATION_FAILED',
          errors: { defaultReminderOffsetsInSeconds: 'validation.invalidValue' },
        }),
    });
    const form = await screen.findByTestId('event-settings-form', {}, { timeout: 15_000 });
    fireEvent.click(within(form).getByRole('checkbox', { name: '15 Min. vorher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(await within(form).findByText('Dieser Wert ist hier nicht zulässig.')).toBeTruthy();
    expect(screen.queryByText('Bitte überprüfen Sie Ihre Eingaben.')).toBeNull();
  });
});
