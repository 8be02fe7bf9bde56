import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TicketSettings } from '../../../contracts/tickets';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch, testApp, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { appShellRoutes, teamApp, testSettings } from './tickets-test-data';

const settingsPath = `/api/apps/${testApp.id}/tickets/settings`;

beforeEach(() => {
  signInForTest();
});

/** The team opens the app's support settings; PATCH answers with what it was sent unless `patch` says else. */
function openSettings(patch?: Route) {
  let saved: TicketSettings = { ...testSettings };
  const fetchMock = stubFetch({
    ...appShellRoutes(teamApp),
    [`GET ${settingsPath}`]: () => json(200, { data: saved }),
    [`PATCH ${settingsPath}`]:
      patch ??
      ((init) => {
        saved = { ...saved, ...(bodyOf(init) as Partial<TicketSettings>) };
        return json(200, { data: saved });
      }),
  });
  renderRoutes(createRoutes('app'), { url: '/akademie/settings/support', host: 'app' });
  return fetchMock;
}

const field = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const limit = () => field(/Höchstens offene Anfragen je Mitglied/);
const firstResponse = () => field(/Erste Antwort \(Minuten\)/);
const resolution = () => field(/Lösung \(Minuten\)/);
const save = () => screen.getByRole('button', { name: 'Änderungen speichern' });

/** The first screen of a file waits for the app's routes and the lazy chunks to load. */
const findForm = () => screen.findByTestId('support-settings-form', {}, { timeout: 15_000 });

describe('support settings', { timeout: 30_000 }, () => {
  it('shows the saved limit, targets and question, and saves only what changed', async () => {
    const fetchMock = openSettings();
    await findForm();
    expect(limit().value).toBe('3');
    expect(firstResponse().value).toBe('240');
    expect(resolution().value).toBe('2880');
    const satisfaction = screen.getByRole<HTMLInputElement>('switch', { name: 'Nach Zufriedenheit fragen' });
    expect(satisfaction.checked).toBe(true);
    await expectNoAxeViolations(screen.getByTestId('support-settings-form'));

    fireEvent.change(limit(), { target: { value: '5' } });
    fireEvent.change(firstResponse(), { target: { value: '60' } });
    fireEvent.click(satisfaction);
    fireEvent.click(save());
    expect(await screen.findByText('Die Support-Einstellungen wurden gespeichert.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${settingsPath}`)).toEqual([
      { openTicketsLimit: 5, firstResponseTargetMinutes: 60, isSatisfactionEnabled: false },
    ]);
    // Saved: nothing is left to save.
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(true));
    expect(limit().value).toBe('5');
  });

  it('keeps a value out of range from being sent and says at the field why', async () => {
    const fetchMock = openSettings();
    const form = await findForm();
    // Enter in a field sends the form without leaving it: the input's clamping on blur has not run.
    fireEvent.change(resolution(), { target: { value: '200000' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Der Wert darf höchstens 129600 betragen.')).toBeTruthy();
    expect(resolution().getAttribute('aria-invalid')).toBe('true');
    expect(firstResponse().getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(resolution(), { target: { value: '1440' } });
    expect(screen.queryByText('Der Wert darf höchstens 129600 betragen.')).toBeNull();
    fireEvent.change(limit(), { target: { value: '0' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Der Wert muss mindestens 1 betragen.')).toBeTruthy();
    expect(limit().getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, `PATCH ${settingsPath}`)).toHaveLength(0);

    fireEvent.change(limit(), { target: { value: '4' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH ${settingsPath}`)).toEqual([
        { openTicketsLimit: 4, resolutionTargetMinutes: 1440 },
      ]),
    );
  });

  it('shows the server’s refusal at the field it names, until the change is discarded', async () => {
    openSettings(() =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        errors: { firstResponseTargetMinutes: 'validation.invalidValue' },
      }),
    );
    await findForm();
    fireEvent.change(firstResponse(), { target: { value: '90' } });
    fireEvent.click(save());
    expect(await screen.findByText('Dieser Wert ist hier nicht zulässig.')).toBeTruthy();
    expect(firstResponse().getAttribute('aria-invalid')).toBe('true');
    expect(limit().getAttribute('aria-invalid')).toBeNull();
    // Said at the field, not once more as a general message.
    expect(screen.queryByText('Bitte überprüfen Sie Ihre Eingaben.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(firstResponse().value).toBe('240');
    expect(screen.queryByText('Dieser Wert ist hier nicht zulässig.')).toBeNull();
  });

  it('says why a save failed that names no field', async () => {
    openSettings(() => json(403, { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }));
    await findForm();
    fireEvent.change(limit(), { target: { value: '5' } });
    fireEvent.click(save());
    expect(await screen.findByText('Dafür fehlt Ihnen leider die Berechtigung.')).toBeTruthy();
    expect(limit().getAttribute('aria-invalid')).toBeNull();
  });
});
