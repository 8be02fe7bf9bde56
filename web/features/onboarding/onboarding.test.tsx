import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onboardingStepKeyValues, type Onboarding } from '../../../contracts/onboarding';
import type { App } from '../../../contracts/apps';
import { CurrentAppContext } from '../../kernel/current-app';
import { installSessionHandling } from '../../kernel/session/session';
import { expectNoAxeViolations } from '../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch, testApp, type Route } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { OnboardingChecklist } from './index';
import { OnboardingSettingsPage } from './onboarding-settings-page';

const path = `/api/apps/${testApp.id}/onboarding`;

const teamApp: App = { ...testApp, permissions: { can: ['view', 'edit', 'onboarding'] } };
const memberApp: App = {
  ...testApp,
  permissions: { can: ['view', 'view_profiles', 'view_posts'] },
  viewer: {
    profileId: '0190f5a2-7c1e-7b4e-9a55-00000000e001',
    sanction: null,
    punishedUntil: null,
    language: null,
    timezone: null,
    avatarUrl: null,
  },
};

function onboarding(overrides: Partial<Onboarding> = {}): Onboarding {
  return {
    isEnabled: true,
    welcomeText: '',
    steps: onboardingStepKeyValues.map((key) => ({
      key,
      isEnabled: true,
      title: '',
      description: '',
      isDone: false,
    })),
    isDismissed: false,
    isCompleted: false,
    permissions: { can: ['edit', 'dismiss'] },
    ...overrides,
  };
}

let uninstall: () => void = () => {};
beforeEach(() => {
  uninstall = installSessionHandling();
  signInForTest();
});
afterEach(() => {
  uninstall();
});

const stepNames = () =>
  within(screen.getByTestId('onboarding-steps'))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-testid'));

/** The settings screen alone (the settings' layout and menu are app-settings' and moderation's tests). */
const renderSettings = () =>
  renderWithProviders(
    <CurrentAppContext value={teamApp}>
      <main>
        <OnboardingSettingsPage />
      </main>
    </CurrentAppContext>,
    { path: '/:appSlug/settings/onboarding', url: '/akademie/settings/onboarding', host: 'app' },
  );

describe('onboarding settings', () => {
  it('reorders the steps with the up and down buttons and saves the whole list', async () => {
    let saved = onboarding();
    const fetchMock = stubFetch({
      [`GET ${path}`]: () => json(200, saved),
      [`PATCH ${path}`]: (init) => {
        const body = bodyOf(init) as { steps: Onboarding['steps'] };
        saved = { ...saved, steps: body.steps.map((step) => ({ ...step, isDone: false })) };
        return json(200, saved);
      },
    } satisfies Record<string, Route>);
    renderSettings();

    const down = await screen.findByRole(
      'button',
      { name: '„Profil vervollständigen“ nach unten verschieben' },
      { timeout: 15_000 },
    );
    expect(
      screen.getByRole('button', { name: '„Profil vervollständigen“ nach oben verschieben' }),
    ).toHaveProperty('disabled', true);
    fireEvent.click(down);
    expect(stepNames()).toEqual([
      'step-join_space',
      'step-complete_profile',
      'step-introduce_yourself',
      'step-first_comment',
      'step-enable_notifications',
    ]);
    // The moved step keeps the focus and its new place is announced.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        '„Profil vervollständigen“ nach unten verschieben',
      ),
    );
    expect(screen.getByTestId('onboarding-announcement').textContent).toBe(
      '„Profil vervollständigen“ ist jetzt Schritt 2 von 5.',
    );

    // The last step moves up; at the top its up button is gone, so the focus goes to "down".
    fireEvent.click(
      screen.getByRole('button', { name: '„Benachrichtigungen einschalten“ nach oben verschieben' }),
    );
    fireEvent.click(screen.getByRole('switch', { name: '„Ersten Kommentar schreiben“ anzeigen' }));
    fireEvent.change(screen.getByTestId('step-title-introduce_yourself'), {
      target: { value: ' Hallo sagen ' },
    });

    fireEvent.submit(screen.getByTestId('onboarding-form'));
    expect(
      await screen.findByText('Das Onboarding wurde gespeichert.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${path}`)).toEqual([
      {
        steps: [
          { key: 'join_space', isEnabled: true, title: '', description: '' },
          { key: 'complete_profile', isEnabled: true, title: '', description: '' },
          { key: 'introduce_yourself', isEnabled: true, title: 'Hallo sagen', description: '' },
          { key: 'enable_notifications', isEnabled: true, title: '', description: '' },
          { key: 'first_comment', isEnabled: false, title: '', description: '' },
        ],
      },
    ]);
    // The saved answer is the form's new start: nothing left to save, the own title shown as the name.
    await waitFor(() => expect(screen.getByText('Alle Änderungen sind gespeichert.')).toBeTruthy());
    expect(within(screen.getByTestId('step-introduce_yourself')).getByText('Hallo sagen')).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('onboarding-form'));
  }, 40_000);

  it('switches the checklist off with a welcome text, and refuses texts that are too long', async () => {
    const fetchMock = stubFetch({
      [`GET ${path}`]: () => json(200, onboarding()),
      [`PATCH ${path}`]: (init) => json(200, { ...onboarding(), ...bodyOf(init) }),
    });
    renderSettings();
    fireEvent.change(await screen.findByTestId('step-title-join_space', {}, { timeout: 15_000 }), {
      target: { value: 'x'.repeat(81) },
    });
    fireEvent.submit(screen.getByTestId('onboarding-form'));
    expect(await screen.findByText('Bitte geben Sie höchstens 80 Zeichen ein.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${path}`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('step-title-join_space'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: /Checkliste für Mitglieder anzeigen/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Begrüßungstext' }), {
      target: { value: 'Willkommen in der Akademie!' },
    });
    fireEvent.submit(screen.getByTestId('onboarding-form'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH ${path}`)).toEqual([
        { isEnabled: false, welcomeText: 'Willkommen in der Akademie!' },
      ]),
    );
  });
});

describe('onboarding checklist', () => {
  const renderChecklist = (routes: Record<string, Route>, app: App = memberApp) => {
    const fetchMock = stubFetch(routes);
    const view = renderWithProviders(
      <CurrentAppContext value={app}>
        <main>
          <OnboardingChecklist app={app} />
        </main>
      </CurrentAppContext>,
      { path: '/:appSlug', url: '/akademie', host: 'app' },
    );
    return { fetchMock, ...view };
  };

  it('shows the progress, the steps to do with their links, and hides after "Ausblenden"', async () => {
    const answer = onboarding({
      welcomeText: 'Schön, dass Sie in der Akademie sind.',
      permissions: { can: ['dismiss'] },
      steps: onboarding().steps.map((step) => ({
        ...step,
        isDone: step.key === 'complete_profile' || step.key === 'join_space',
        isEnabled: step.key !== 'first_comment',
        title: step.key === 'introduce_yourself' ? 'Stellen Sie sich vor' : '',
      })),
    });
    const { fetchMock } = renderChecklist({
      [`GET ${path}`]: () => json(200, answer),
      [`POST ${path}/dismiss`]: () => new Response(null, { status: 204 }),
    });

    const card = await screen.findByTestId('onboarding-checklist', {}, { timeout: 10_000 });
    expect(within(card).getByRole('heading', { name: 'Erste Schritte' })).toBeTruthy();
    expect(within(card).getByText('Schön, dass Sie in der Akademie sind.')).toBeTruthy();
    expect(within(card).getByTestId('onboarding-progress').textContent).toBe('2 von 4 erledigt');
    expect(
      within(card)
        .getByRole('progressbar', { name: 'Fortschritt der ersten Schritte' })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(within(card).queryByTestId('checklist-first_comment')).toBeNull();
    expect(within(card).getByTestId('checklist-complete_profile').textContent).toContain('Erledigt');
    expect(within(card).queryByTestId('checklist-link-complete_profile')).toBeNull();
    expect(within(card).getByText('Stellen Sie sich vor')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Beitrag schreiben/ })
        .getAttribute('href'),
    ).toBe('/akademie/groups?compose');
    expect(
      within(card)
        .getByRole('link', { name: /Einstellungen öffnen/ })
        .getAttribute('href'),
    ).toBe('/akademie/profile/notifications');
    await expectNoAxeViolations(card);

    fireEvent.click(within(card).getByRole('button', { name: 'Erste Schritte ausblenden' }));
    await waitFor(() => expect(screen.queryByTestId('onboarding-checklist')).toBeNull());
    await waitFor(() => expect(callsTo(fetchMock, `POST ${path}/dismiss`)).toHaveLength(1));
    expect(callsTo(fetchMock, `GET ${path}`)).toHaveLength(1);
  });

  it('shows nothing when switched off, hidden, or for an admin viewing the app as someone else', async () => {
    const { fetchMock, unmount } = renderChecklist({
      [`GET ${path}`]: () => json(200, onboarding({ isDismissed: true })),
    });
    await waitFor(() => expect(callsTo(fetchMock, `GET ${path}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByTestId('onboarding-checklist')).toBeNull();
    unmount();

    const viewing = renderChecklist({}, { ...memberApp, masqueradeProfileId: memberApp.viewer!.profileId });
    await new Promise((resolve) => setTimeout(resolve, 30));
    // No call at all: stubFetch would have failed on it.
    expect(viewing.fetchMock).not.toHaveBeenCalled();
  });
});
