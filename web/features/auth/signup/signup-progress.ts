import type { CodeDeadlines } from '../code/code-limits';

/**
 * Where a sign-up stands, kept for this tab (sessionStorage) so a reload on the code step stays there.
 * Only the address and the code's deadlines: never the code, which proves the address (a reload on the
 * details step returns to the code step, where the same code is entered again).
 */
export type SignupProgress = {
  entry: 'signup' | 'confirm';
  email: string;
  deadlines: CodeDeadlines;
};

const key = 'auth.signup';

function isProgress(value: unknown): value is SignupProgress {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const { entry, email, deadlines } = value as Record<string, unknown>;
  const d = deadlines as Record<string, unknown> | null;
  return (
    (entry === 'signup' || entry === 'confirm') &&
    typeof email === 'string' &&
    email.length > 0 &&
    typeof d === 'object' &&
    d !== null &&
    ['sendAgainAt', 'expiresAt', 'checkLimit', 'remaining'].every((name) => typeof d[name] === 'number')
  );
}

/** The progress of this entry while its code is still valid; anything else is dropped. */
export function readSignupProgress(entry: SignupProgress['entry'], now = Date.now()): SignupProgress | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (isProgress(parsed) && parsed.entry === entry && parsed.deadlines.expiresAt > now) {
      return parsed;
    }
    if (raw) {
      window.sessionStorage.removeItem(key);
    }
  } catch {
    // Unreadable or no storage: the flow starts at the beginning.
  }
  return null;
}

export function saveSignupProgress(progress: SignupProgress): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(progress));
  } catch {
    // Without storage a reload starts over, as before.
  }
}

export function clearSignupProgress(): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
