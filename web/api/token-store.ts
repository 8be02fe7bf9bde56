import { createStore } from 'zustand/vanilla';

export type Session = {
  accessToken: string | null;
  refreshToken: string | null;
};

const emptySession: Session = { accessToken: null, refreshToken: null };

/**
 * Where the API client finds the access token. The identity feature sets and persists the tokens;
 * the client only reads them and clears them when a refresh fails.
 */
export const tokenStore = createStore<Session>(() => emptySession);

export function getAccessToken(): string | null {
  return tokenStore.getState().accessToken;
}

export function hasSession(): boolean {
  return getAccessToken() !== null;
}

export function setTokens(tokens: { accessToken: string; refreshToken?: string | null }): void {
  tokenStore.setState((session) => ({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken === undefined ? session.refreshToken : tokens.refreshToken,
  }));
}

export function clearSession(): void {
  tokenStore.setState(emptySession);
}
