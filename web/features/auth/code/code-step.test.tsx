import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../../api/token-store';
import { callsTo, json, stubFetch, testLimits, testSession, urlOf, type Route } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SignInPage } from '../sign-in/sign-in-page';

const codeError = (code: string, limits: Partial<typeof testLimits>) =>
  json(400, { code, message: `errors.${code}`, details: { limits: { ...testLimits, ...limits } } });

function renderSignIn(routes: Record<string, Route>) {
  const fetchMock = stubFetch({
    'POST /api/auth/send-code': () => json(200, { limits: { ...testLimits, sendAgainAfter: 42 } }),
    ...routes,
  });
  renderWithProviders(<SignInPage />, {
    path: '/auth',
    routes: [{ path: '/projects', element: <p>Projekte</p> }],
  });
  return fetchMock;
}

async function reachCodeStep() {
  fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'anna@beispiel.de' } });
  fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
  return screen.findByTestId('code-step');
}

async function expectStatus(text: string) {
  await waitFor(() => expect(screen.getByTestId('code-status').textContent).toBe(text));
  expect(screen.getByTestId('code-status').getAttribute('role')).toBe('alert');
}

function typeCode(code: string) {
  const [first] = screen.getAllByLabelText('Code aus der E-Mail');
  fireEvent.change(first!, { target: { value: code } });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('code step', () => {
  it('counts down to the resend and then sends the code again with ?resend=true', async () => {
    const fetchMock = renderSignIn({});
    await reachCodeStep();
    expect(screen.getByText('anna@beispiel.de')).toBeTruthy();
    const resend = screen.getByTestId('code-resend');
    expect(resend.textContent).toBe('Code erneut senden in 0:42');
    expect(resend.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('code-status').textContent).toBe('Der Code ist noch 10:00 Min. gültig.');

    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByTestId('code-resend').textContent).toBe('Code erneut senden in 0:40');

    act(() => {
      vi.advanceTimersByTime(40_000);
    });
    expect(screen.getByTestId('code-resend').textContent).toBe('Code erneut senden');
    expect(screen.getByTestId('code-resend').hasAttribute('disabled')).toBe(false);

    fireEvent.click(screen.getByTestId('code-resend'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/auth/send-code')).toHaveLength(2));
    const [url] = fetchMock.mock.calls[1] ?? [];
    expect(url && urlOf(url)).toBe('/api/auth/send-code?resend=true');
    await waitFor(() =>
      expect(screen.getByTestId('code-resend').textContent).toBe('Code erneut senden in 0:42'),
    );
  });

  it('shows a wrong code inline with the attempts left from the error limits', async () => {
    renderSignIn({ 'POST /api/auth/check-code': () => codeError('INVALID_CODE', { codeCheckRemaining: 3 }) });
    await reachCodeStep();
    typeCode('111111');

    await expectStatus(
      'Der Code stimmt nicht. Bitte prüfen Sie ihn und versuchen Sie es erneut. Noch 3 Versuche.',
    );
    // The rejected code is cleared for the next try.
    expect((screen.getAllByLabelText('Code aus der E-Mail')[0] as HTMLInputElement).value).toBe('');
  });

  it('blocks the code once the attempts are used up and asks for a new one', async () => {
    renderSignIn({
      'POST /api/auth/check-code': () =>
        codeError('CODE_CHECK_LIMIT', { codeCheckRemaining: 0, sendAgainAfter: 0 }),
    });
    await reachCodeStep();
    typeCode('222222');

    await expectStatus('Zu viele falsche Versuche. Bitte fordern Sie einen neuen Code an.');
    for (const input of screen.getAllByLabelText('Code aus der E-Mail')) {
      expect(input.hasAttribute('disabled')).toBe(true);
    }
    expect(screen.getByTestId('code-resend').hasAttribute('disabled')).toBe(false);
  });

  it('says when the code has expired', async () => {
    renderSignIn({ 'POST /api/auth/check-code': () => codeError('CODE_EXPIRED', { codeExpired: 0 }) });
    await reachCodeStep();
    typeCode('333333');
    await expectStatus('Der Code ist abgelaufen. Bitte fordern Sie einen neuen an.');
  });

  it('shows a refused resend inline with the new waiting time', async () => {
    let sends = 0;
    renderSignIn({
      'POST /api/auth/send-code': () =>
        ++sends === 1
          ? json(200, { limits: { ...testLimits, sendAgainAfter: 0 } })
          : codeError('SEND_AGAIN_LATER', { sendAgainAfter: 30 }),
    });
    await reachCodeStep();
    fireEvent.click(screen.getByTestId('code-resend'));
    await waitFor(() =>
      expect(screen.getByTestId('code-resend').textContent).toBe('Code erneut senden in 0:30'),
    );
  });

  it('holds back only the resend when the resend is rate-limited', async () => {
    let sends = 0;
    renderSignIn({
      'POST /api/auth/send-code': () =>
        ++sends === 1
          ? json(200, { limits: { ...testLimits, sendAgainAfter: 0 } })
          : json(429, {
              code: 'RATE_LIMITED',
              message: 'errors.RATE_LIMITED',
              details: { retryAfterSeconds: 20 },
            }),
    });
    await reachCodeStep();
    fireEvent.click(screen.getByTestId('code-resend'));
    await waitFor(() =>
      expect(screen.getByTestId('code-resend').textContent).toBe('Code erneut senden in 0:20'),
    );
    // The code already sent can still be typed.
    expect(screen.getAllByLabelText('Code aus der E-Mail')[0]!.hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('code-status').getAttribute('role')).toBe('status');
  });

  it('tells the person to wait when the server rate-limits', async () => {
    renderSignIn({
      'POST /api/auth/check-code': () =>
        json(429, {
          code: 'RATE_LIMITED',
          message: 'errors.RATE_LIMITED',
          details: { retryAfterSeconds: 30 },
        }),
    });
    await reachCodeStep();
    typeCode('444444');
    await expectStatus('Zu viele Versuche. Bitte versuchen Sie es in 30 s erneut.');
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    await expectStatus('Zu viele Versuche. Bitte versuchen Sie es in 25 s erneut.');
  });

  it('restarts at the login step on code 40000, through the generic error handler', async () => {
    renderSignIn({
      'POST /api/auth/check-code': () =>
        json(400, { code: 40000, message: 'errors.40000', details: { reason: 'no_pending_code' } }),
    });
    await reachCodeStep();
    typeCode('555555');
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(
      await screen.findByText('Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('E-Mail-Adresse').value).toBe('anna@beispiel.de');
  });

  it('signs in with the right code and goes to the projects', async () => {
    const fetchMock = renderSignIn({ 'POST /api/auth/check-code': () => json(200, testSession()) });
    await reachCodeStep();
    typeCode('123456');
    expect(await screen.findByText('Projekte')).toBeTruthy();
    expect(getAccessToken()).toBe('access-token-1');
    expect(callsTo(fetchMock, 'POST /api/auth/check-code')).toEqual([
      { login: 'anna@beispiel.de', type: 'email', code: '123456', isRemember: true },
    ]);
  });
});
