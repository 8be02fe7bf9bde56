import { sessionSchema, type Session } from '../../../contracts/session';
import { ApiError } from '../../api/api-error';
import { api, setRefreshHandler } from '../../api/client';
import { clearSession, hasSession, setTokens, tokenStore } from '../../api/token-store';
import { setAccount } from './account-store';
import {
  clearRefreshToken,
  readRefreshToken,
  refreshTokenKey,
  storeRefreshToken,
} from './refresh-token-storage';

/** Why the last session ended: after "expired" the sign-in screen brings the person back to where they were. */
export type SessionEndReason = 'expired' | 'signedOut';

let endReason: SessionEndReason = 'expired';
let rememberedHere = false;

export function sessionEndReason(): SessionEndReason {
  return endReason;
}

/** Every successful sign-in step, refresh and stash exchange answers a session: keep it. */
export function startSession(session: Session): void {
  endReason = 'expired';
  rememberedHere = session.isRemember;
  storeRefreshToken(session.refreshToken, session.isRemember);
  // The account first: whoever reacts to the new access token finds the account already there.
  setAccount(session.account);
  setTokens({ accessToken: session.accessToken, refreshToken: session.refreshToken });
}

export function endSession(reason: SessionEndReason): void {
  endReason = reason;
  rememberedHere = false;
  clearRefreshToken();
  setAccount(null);
  clearSession();
}

/** Serialises refreshes across tabs: two tabs must never present the same (rotating) refresh token. */
async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('auth.refresh', work) : work();
}

/** A dead or revoked refresh token; network failures (0), 5xx and 429 leave it for the next try. */
const isFinalRefreshStatus = (status: number) => status >= 400 && status < 500 && status !== 429;

/**
 * The API client's refresh handler: trades the stored refresh token for new tokens. The token is read from
 * storage inside the lock, so a rotation done by another tab meanwhile is picked up.
 */
export async function refreshSession(): Promise<boolean> {
  return withRefreshLock(async () => {
    const stored = readRefreshToken();
    if (!stored) {
      return false;
    }
    try {
      const session = await api.post('/auth/refresh-token', {
        body: { refreshToken: stored.token },
        schema: sessionSchema,
        skipRefresh: true,
      });
      startSession(session);
      return true;
    } catch (error) {
      if (error instanceof ApiError && isFinalRefreshStatus(error.status)) {
        endSession('expired');
      }
      return false;
    }
  });
}

/** The refresh a pre-painted page's boot script made (web/build/boot-after-paint.js): its status and body. */
export type EarlyRefresh = { status: number; body: unknown } | null;

declare global {
  // Only an interface merges into the DOM's Window.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    /** The boot script's refresh of the stored session; null when there was no stored session. */
    gemeindeSession?: Promise<EarlyRefresh>;
  }
}

/**
 * Takes the boot script's refresh once. Its session starts here, and a dead refresh token ends the session as the
 * app's own refresh would. False when there was none or it did not get an answer: the app then refreshes itself,
 * with whatever token storage holds by then (the boot script has already stored a rotated one).
 */
export async function adoptEarlyRefresh(): Promise<boolean> {
  const early = window.gemeindeSession;
  window.gemeindeSession = undefined;
  const answer = early ? await early.catch(() => null) : null;
  if (!answer) {
    return false;
  }
  const session = sessionSchema.safeParse(answer.body);
  if (answer.status >= 200 && answer.status < 300 && session.success) {
    startSession(session.data);
    return true;
  }
  if (isFinalRefreshStatus(answer.status)) {
    endSession('expired');
    return true;
  }
  return false;
}

/**
 * Ends the session on the server (revokes its refresh tokens) and here; failures do not keep anyone signed in.
 * In an app (`appId`) it is the app's logout (`POST /apps/{appId}/logout`), which also forgets the device's
 * push token; without a profile there (404) the plain logout ends the session instead.
 */
export async function signOut(appId?: string): Promise<void> {
  if (hasSession()) {
    try {
      if (appId) {
        try {
          await api.post(`/apps/${appId}/logout`, { skipRefresh: true });
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) {
            throw error;
          }
          await api.post('/auth/logout', { skipRefresh: true });
        }
      } else {
        await api.post('/auth/logout', { skipRefresh: true });
      }
    } catch {
      // The local session ends either way; an unreachable server cannot keep the person signed in.
    }
  }
  endSession('signedOut');
}

/**
 * Wires the session into the app once at start-up: the API client's refresh, the account following the
 * token store, and signing out here when another tab signed out of the same remembered session.
 */
export function installSessionHandling(): () => void {
  setRefreshHandler(refreshSession);
  const unsubscribe = tokenStore.subscribe((session, previous) => {
    if (previous.accessToken !== null && session.accessToken === null) {
      setAccount(null);
    }
  });
  const handleStorage = (event: StorageEvent) => {
    const cleared = event.key === null || (event.key === refreshTokenKey && event.newValue === null);
    if (cleared && event.storageArea === window.localStorage && rememberedHere && hasSession()) {
      endSession('signedOut');
    }
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    setRefreshHandler(null);
    unsubscribe();
    window.removeEventListener('storage', handleStorage);
  };
}
