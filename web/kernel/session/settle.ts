import { replace } from 'react-router';
import { sessionSchema, stashCodeSchema, stashParamsSchema } from '../../../contracts/session';
import { api, refreshTokens } from '../../api/client';
import { notifyError } from '../../api/notify-error';
import { getAccessToken, hasSession, tokenStore } from '../../api/token-store';
import { readRefreshToken } from './refresh-token-storage';
import { settleMemo } from './settle-memo';
import { adoptEarlyRefresh, startSession } from './session';

const codeParam = 'code';

/** A stash code in the address: long and random, never a six-digit mail code (those use `code` too). */
export function stashCodeOf(url: URL): string | null {
  const code = url.searchParams.get(codeParam);
  return code !== null && stashParamsSchema.safeParse({ code }).success ? code : null;
}

/** The address without its stash code, as a path for the router. */
export function withoutStashCode(url: URL): string {
  const clean = new URL(url);
  if (stashCodeOf(clean)) {
    clean.searchParams.delete(codeParam);
  }
  return `${clean.pathname}${clean.search}${clean.hash}`;
}

/**
 * On start-up, a stored refresh token buys the access token and the account, once: through the refresh the boot
 * script already made where there is one.
 */
export function restoreSessionOnce(): Promise<void> {
  settleMemo.restoring ??= (async () => {
    if (hasSession()) {
      return;
    }
    if (await adoptEarlyRefresh()) {
      return;
    }
    if (readRefreshToken()) {
      await refreshTokens();
    }
  })();
  return settleMemo.restoring;
}

/** Spec §2: a stash code is exchanged for a session once, however many loaders ask for it. */
function exchangeOnce(code: string): Promise<void> {
  let exchange = settleMemo.exchanges.get(code);
  if (!exchange) {
    exchange = api
      .get(`/stash/${encodeURIComponent(code)}`, { schema: sessionSchema, skipRefresh: true })
      .then(startSession, notifyError);
    settleMemo.exchanges.set(code, exchange);
  }
  return exchange;
}

/** What every guard and the root loader wait for before looking at the session. */
export async function settleSession(request: Request): Promise<void> {
  const code = stashCodeOf(new URL(request.url));
  if (code) {
    await exchangeOnce(code);
  }
  await restoreSessionOnce();
}

/** The root route's loader: settles the session, then takes a stash code out of the address (replace). */
export async function sessionLoader({ request }: { request: Request }): Promise<Response | null> {
  await settleSession(request);
  const url = new URL(request.url);
  return stashCodeOf(url) ? replace(withoutStashCode(url)) : null;
}

/**
 * The hop to another host (service host ↔ app host) without signing in again: the session is parked behind
 * a one-time code for 60 s and the target opens with `?code=`.
 */
export async function linkWithSession(target: string): Promise<string> {
  const { refreshToken } = tokenStore.getState();
  const accessToken = getAccessToken();
  if (!refreshToken || !accessToken) {
    return target;
  }
  const { code } = await api.post('/stash', { body: { refreshToken, accessToken }, schema: stashCodeSchema });
  const url = new URL(target, window.location.href);
  url.searchParams.set(codeParam, code);
  return url.toString();
}
