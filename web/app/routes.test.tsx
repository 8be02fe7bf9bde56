import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession, setTokens } from '../api/token-store';
import { renderRoutes } from '../test/render';
import { createRoutes } from './routes';

describe('service host routes', () => {
  it('sends a visitor without a session from / to sign-in inside the service shell', async () => {
    const { router } = renderRoutes(createRoutes('service'), { url: '/' });
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByTestId('app-shell-service')).toBeTruthy();
    expect(window.sessionStorage.getItem('redirectAfterAuth')).toBe('/');
  });

  it('shows the not-found page for any unknown path', async () => {
    renderRoutes(createRoutes('service'), { url: '/does-not-exist/at/all' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('app-shell-service')).toBeTruthy();
  });

  it('keeps signed-in people away from sign-in', async () => {
    setTokens({ accessToken: 't' });
    const { router } = renderRoutes(createRoutes('service'), { url: '/auth' });
    // /projects arrives with the projects feature; until then it is not found.
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('goes to sign-in when the session ends', async () => {
    setTokens({ accessToken: 't' });
    const { router } = renderRoutes(createRoutes('service'), { url: '/somewhere' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    act(() => clearSession());
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('app host routes', () => {
  it('guards the app root and signs in under the app slug', async () => {
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/akademie/auth');
    expect(screen.getByTestId('app-shell-app').textContent).toContain('akademie');
  });

  it('shows not-found inside the app shell for unknown app paths', async () => {
    renderRoutes(createRoutes('app'), { url: '/akademie/nope', host: 'app' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('app-shell-app')).toBeTruthy();
  });
});
