import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnsubscribeInfo } from '../../../../contracts/notifications';
import { createRoutes } from '../../../app/routes';
import { setLanguage } from '../../../i18n/i18n';
import { callsTo, json, stubFetch, urlOf } from '../../../test/fixtures';
import { expectNoAxeViolations } from '../../../test/axe';
import { renderRoutes } from '../../../test/render';

const hash = 'a1b2c3d4e5f6';
const url = `/projects/0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61/unsubscribe/${hash}`;
const info: UnsubscribeInfo = {
  appName: 'Akademie Nord',
  email: 'an***@beispiel.de',
  scope: 'email',
  isUnsubscribed: false,
};

describe('unsubscribe page', () => {
  it.each(['service', 'app'] as const)(
    'switches the mails off signed out, without any shell, on the %s host',
    async (host) => {
      const fetchMock = stubFetch({
        [`GET /api/unsubscribe/${hash}`]: () => json(200, info),
        [`POST /api/unsubscribe/${hash}`]: () => new Response(null, { status: 204 }),
      });
      renderRoutes(createRoutes(host), { url, host });
      expect(await screen.findByRole('heading', { level: 1, name: 'E-Mails abbestellen' })).toBeTruthy();
      expect(
        screen.getByText(
          'Sie erhalten dann keine Benachrichtigungen von Akademie Nord mehr per E-Mail an an***@beispiel.de.',
        ),
      ).toBeTruthy();
      expect(screen.queryByTestId('app-shell-service')).toBeNull();
      expect(screen.queryByTestId('app-shell-app')).toBeNull();
      await expectNoAxeViolations(document.body);

      fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
      const done = await screen.findByRole('heading', { level: 1, name: 'Sie sind abgemeldet' });
      await waitFor(() => expect(document.activeElement).toBe(done));
      expect(
        screen.getByText(/An an\*\*\*@beispiel\.de gehen keine Benachrichtigungen von Akademie Nord mehr/),
      ).toBeTruthy();
      expect(callsTo(fetchMock, `POST /api/unsubscribe/${hash}`)).toHaveLength(1);
      // Nothing but the link's own calls: no app, no session.
      expect(fetchMock.mock.calls.every(([input]) => urlOf(input).includes('/api/unsubscribe/'))).toBe(true);
    },
  );

  it('says so when the link is not known', async () => {
    stubFetch({
      [`GET /api/unsubscribe/${hash}`]: () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    });
    renderRoutes(createRoutes('app'), { url, host: 'app' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist ungültig' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abmelden' })).toBeNull();
  });

  it('tells a person who already unsubscribed, and speaks English for the digest', async () => {
    await setLanguage('en', { persist: false });
    stubFetch({
      [`GET /api/unsubscribe/${hash}`]: () => json(200, { ...info, scope: 'digest', isUnsubscribed: true }),
    });
    renderRoutes(createRoutes('service'), { url, host: 'service' });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeTruthy();
    expect(
      screen.getByText(/an\*\*\*@beispiel\.de will no longer receive digests from Akademie Nord/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
