import { describe, expect, it } from 'vitest';
import { setTokens } from '../api/token-store';
import { guestOnly, requireAuth, takeRedirectAfterAuth } from './guards';

const guard = { signInPath: '/akademie/auth', homePath: '/akademie' };

describe('route guards', () => {
  it('sends people without a session to sign-in and remembers the target once', () => {
    const response = requireAuth(new Request('http://app.localhost/akademie/events?tab=mine'), guard);
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/akademie/auth');
    expect(takeRedirectAfterAuth()).toBe('/akademie/events?tab=mine');
    expect(takeRedirectAfterAuth()).toBeNull();
  });

  it('lets signed-in people through and keeps them away from guest-only routes', () => {
    setTokens({ accessToken: 't' });
    expect(requireAuth(new Request('http://app.localhost/akademie'), guard)).toBeNull();
    expect(guestOnly(guard)?.headers.get('Location')).toBe('/akademie');
  });

  it('never hands out a remembered target outside this origin', () => {
    window.sessionStorage.setItem('redirectAfterAuth', '//evil.example');
    expect(takeRedirectAfterAuth()).toBeNull();
  });
});
