import { cleanNotifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearSession } from '../api/token-store';
import { setAccount } from '../kernel/session/account-store';
import { resetSessionSettling } from '../kernel/session/settle-memo';
import { initI18n, setLanguage } from '../i18n/i18n';

// CI shares two cores with a server suite and a browser; findBy/waitFor get more than the 1 s default there.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
// The autosizing textarea listens for web fonts; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
  });
}

beforeAll(async () => {
  await initI18n('de');
  // The app loads its notification stack lazily; loaded here once, notifications show as soon as they are raised.
  await import('../app/notifications-stack');
});

beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearSession();
  setAccount(null);
  resetSessionSettling();
  await setLanguage('de', { persist: false });
});

afterEach(() => {
  cleanup();
  cleanNotifications();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
