import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../api/token-store';
import { getAccount } from '../kernel/session/account-store';
import { storeRefreshToken } from '../kernel/session/refresh-token-storage';
import { installSessionHandling } from '../kernel/session/session';
import { callsTo, json, signInForTest, stubFetch, testSession } from '../test/fixtures';
import { takeRedirectAfterAuth } from '../kernel/redirect-after-auth';
import { guestOnly, requireAuth } from './guards';

const guard = { signInPath: '/akademie/auth', homePath: '/akademie' };
const stashCode = 'stash-code-0123456789abcdef';

describe('route guards', () => {
  it('sends people without a session to sign-in and remembers the target once', async () => {
    const response = await requireAuth(new Request('http://app.localhost/akademie/events?tab=mine'), guard);
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/akademie/auth');
    expect(takeRedirectAfterAuth()).toBe('/akademie/events?tab=mine');
    expect(takeRedirectAfterAuth()).toBeNull();
  });

  it('lets signed-in people through and keeps them away from guest-only routes', async () => {
    signInForTest();
    const request = new Request('http://app.localhost/akademie');
    expect(await requireAuth(request, guard)).toBeNull();
    expect((await guestOnly(request, guard))?.headers.get('Location')).toBe('/akademie');
  });

  it('lets guests see guest-only routes', async () => {
    expect(await guestOnly(new Request('http://app.localhost/akademie/auth'), guard)).toBeNull();
  });

  it('never hands out a remembered target outside this origin', () => {
    window.sessionStorage.setItem('redirectAfterAuth', '//evil.example');
    expect(takeRedirectAfterAuth()).toBeNull();
    window.sessionStorage.setItem('redirectAfterAuth', '/\\evil.example');
    expect(takeRedirectAfterAuth()).toBeNull();
  });

  it('exchanges a stash code in the address for a session, once', async () => {
    const fetchMock = stubFetch({
      [`GET /api/stash/${stashCode}`]: () => json(200, testSession({ accessToken: 'from-stash' })),
    });
    const request = new Request(`http://app.localhost/akademie/events?code=${stashCode}`);
    const [first, second] = await Promise.all([requireAuth(request, guard), requireAuth(request, guard)]);
    expect(first).toBeNull();
    expect(second).toBeNull();
    expect(getAccessToken()).toBe('from-stash');
    expect(getAccount()?.email).toBe('anna@beispiel.de');
    // One-time codes: every loader waits for the same exchange.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('remembers the target without the stash code when the exchange fails', async () => {
    stubFetch({
      [`GET /api/stash/${stashCode}`]: () =>
        json(400, { code: 'INVALID_STASH_CODE', message: 'errors.INVALID_STASH_CODE' }),
    });
    const response = await requireAuth(
      new Request(`http://app.localhost/akademie/events?tab=1&code=${stashCode}`),
      guard,
    );
    expect(response?.headers.get('Location')).toBe('/akademie/auth');
    expect(takeRedirectAfterAuth()).toBe('/akademie/events?tab=1');
  });

  it('leaves a six-digit mail code alone (the reset link uses ?code= too)', async () => {
    const fetchMock = stubFetch({});
    expect(
      await guestOnly(new Request('http://localhost/auth/restore?login=a%40b.de&code=123456'), guard),
    ).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores a stored session once before deciding', async () => {
    const uninstall = installSessionHandling();
    storeRefreshToken('refresh-token-stored-000000001', true);
    const fetchMock = stubFetch({
      'POST /api/auth/refresh-token': () => json(200, testSession({ accessToken: 'restored' })),
    });
    const request = new Request('http://app.localhost/akademie');
    expect(await requireAuth(request, guard)).toBeNull();
    expect(await requireAuth(request, guard)).toBeNull();
    expect(getAccessToken()).toBe('restored');
    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toEqual([
      { refreshToken: 'refresh-token-stored-000000001' },
    ]);
    uninstall();
  });
});
