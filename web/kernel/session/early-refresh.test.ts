import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAccessToken } from '../../api/token-store';
import { languageStorageKey } from '../../i18n/languages';
import { forgetBootScript, runBootScript } from '../../test/boot-script';
import { callsTo, json, stubFetch, testSession } from '../../test/fixtures';
import { getAccount } from './account-store';
import { refreshTokenKey } from './refresh-token-storage';
import { installSessionHandling } from './session';
import { restoreSessionOnce } from './settle';

const rotated = testSession({ accessToken: 'access-2', refreshToken: 'refresh-token-0000000000000002' });
const clientConfig = () => json(200, {});
let uninstall: () => void = () => {};

beforeEach(() => {
  uninstall = installSessionHandling();
  window.history.replaceState(null, '', '/projects');
});

afterEach(() => {
  uninstall();
  forgetBootScript();
});

describe('the boot script’s refresh of the stored session', () => {
  it('starts the session with the answer, stores the rotated token at once and refreshes only once', async () => {
    window.localStorage.setItem(refreshTokenKey, 'refresh-token-0000000000000001');
    const fetchMock = stubFetch({
      'GET /api/client-config': clientConfig,
      'POST /api/auth/refresh-token': () => json(200, rotated),
    });

    runBootScript();
    await window.gemeindeSession;
    // Another tab reading now finds the new token, before the app has run.
    expect(window.localStorage.getItem(refreshTokenKey)).toBe('refresh-token-0000000000000002');

    await restoreSessionOnce();
    expect(getAccessToken()).toBe('access-2');
    expect(getAccount()?.id).toBe(rotated.account.id);
    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toEqual([
      { refreshToken: 'refresh-token-0000000000000001' },
    ]);
  });

  it('presents this tab’s session before a remembered one and keeps the rotated token where it was', async () => {
    window.localStorage.setItem(refreshTokenKey, 'refresh-token-remembered-000001');
    window.sessionStorage.setItem(refreshTokenKey, 'refresh-token-this-tab-0000001');
    const fetchMock = stubFetch({
      'GET /api/client-config': clientConfig,
      'POST /api/auth/refresh-token': () => json(200, { ...rotated, isRemember: false }),
    });

    runBootScript();
    await restoreSessionOnce();

    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toEqual([
      { refreshToken: 'refresh-token-this-tab-0000001' },
    ]);
    expect(window.sessionStorage.getItem(refreshTokenKey)).toBe('refresh-token-0000000000000002');
    expect(window.localStorage.getItem(refreshTokenKey)).toBeNull();
  });

  it('ends the session when the server refuses the token, without asking again', async () => {
    window.localStorage.setItem(refreshTokenKey, 'refresh-token-0000000000000001');
    const fetchMock = stubFetch({
      'GET /api/client-config': clientConfig,
      'POST /api/auth/refresh-token': () =>
        json(401, { code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED' }),
    });

    runBootScript();
    await restoreSessionOnce();

    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.getItem(refreshTokenKey)).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toHaveLength(1);
  });

  it('lets the app refresh itself when the early request got no answer', async () => {
    window.localStorage.setItem(refreshTokenKey, 'refresh-token-0000000000000001');
    let calls = 0;
    const fetchMock = stubFetch({
      'GET /api/client-config': clientConfig,
      'POST /api/auth/refresh-token': () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json(200, rotated);
      },
    });

    runBootScript();
    await restoreSessionOnce();

    expect(getAccessToken()).toBe('access-2');
    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toEqual([
      { refreshToken: 'refresh-token-0000000000000001' },
      { refreshToken: 'refresh-token-0000000000000001' },
    ]);
  });

  it('asks nothing without a stored session, and leaves an address with a stash code to the app', async () => {
    const fetchMock = stubFetch({ 'GET /api/client-config': clientConfig });
    runBootScript();
    expect(await window.gemeindeSession).toBeNull();
    await restoreSessionOnce();
    expect(getAccessToken()).toBeNull();

    window.localStorage.setItem(refreshTokenKey, 'refresh-token-0000000000000001');
    window.history.replaceState(null, '', '/projects?code=stash-code');
    runBootScript();
    expect(window.gemeindeSession).toBeUndefined();
    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toEqual([]);
  });
});

describe('the boot script’s choice of texts', () => {
  const texts =
    '<link rel="modulepreload" href="/assets/locale-de.js" data-language="de" data-default>' +
    '<link rel="modulepreload" href="/assets/locale-en.js" data-language="en">' +
    '<link rel="modulepreload" href="/assets/screen.js">';

  async function addedLinks(): Promise<string[]> {
    // The links are added after the first paint, or a frame after the first one where paints are not reported.
    await expect.poll(() => document.head.querySelectorAll(':scope > link').length).toBeGreaterThan(0);
    return [...document.head.querySelectorAll(':scope > link')].map(
      (link) => link.getAttribute('href') ?? '',
    );
  }

  it('loads the stored language’s texts with the screen’s chunks', async () => {
    stubFetch({ 'GET /api/client-config': clientConfig });
    window.localStorage.setItem(languageStorageKey, 'en');
    runBootScript(texts);
    expect(await addedLinks()).toEqual(['/assets/locale-en.js', '/assets/screen.js']);
  });

  it('loads the default language’s texts without a stored or with an unknown language', async () => {
    stubFetch({ 'GET /api/client-config': clientConfig });
    window.localStorage.setItem(languageStorageKey, 'x"]');
    runBootScript(texts);
    expect(await addedLinks()).toEqual(['/assets/locale-de.js', '/assets/screen.js']);
  });
});
