/**
 * Where the refresh token survives a reload: localStorage when the person chose "stay signed in", else
 * sessionStorage, so a session without "remember" ends with the browser session. The access token never
 * leaves memory (the token store).
 */
export const refreshTokenKey = 'auth.refreshToken';

export type StoredRefreshToken = { token: string; remember: boolean };

function storageOf(remember: boolean): Storage | null {
  try {
    return remember ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(remember: boolean): string | null {
  try {
    return storageOf(remember)?.getItem(refreshTokenKey) ?? null;
  } catch {
    return null;
  }
}

export function readRefreshToken(): StoredRefreshToken | null {
  // A session of this tab (not remembered) wins over a remembered one of an earlier visit.
  const sessionOnly = read(false);
  if (sessionOnly) {
    return { token: sessionOnly, remember: false };
  }
  const remembered = read(true);
  return remembered ? { token: remembered, remember: true } : null;
}

export function storeRefreshToken(token: string, remember: boolean): void {
  // Only the other storage is cleared first: removing and re-adding the key would tell other tabs (storage
  // event with no value) that this session ended.
  remove(!remember);
  try {
    storageOf(remember)?.setItem(refreshTokenKey, token);
  } catch {
    // Without storage the session lasts as long as the page.
  }
}

function remove(remember: boolean): void {
  try {
    storageOf(remember)?.removeItem(refreshTokenKey);
  } catch {
    // Nothing stored where there is no storage.
  }
}

export function clearRefreshToken(): void {
  remove(true);
  remove(false);
}
