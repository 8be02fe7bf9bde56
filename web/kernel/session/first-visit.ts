/**
 * A person who has just created their account is welcomed, not welcomed back: the sign-up marks the account
 * for this tab (sessionStorage), and greetings read the mark. A later visit (another tab, a new sign-in) is a
 * return.
 */
const key = 'account.firstVisit';

export function markFirstSignIn(accountId: string): void {
  try {
    window.sessionStorage.setItem(key, accountId);
  } catch {
    // Without storage the greeting says "welcome back"; nothing else depends on it.
  }
}

export function isFirstVisit(accountId: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === accountId;
  } catch {
    return false;
  }
}
