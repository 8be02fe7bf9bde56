import { goToAddress } from './go-to-address';
import { linkWithSession } from './session/settle';

/**
 * Opens an address of another host (an app on the public domain) in a new tab, signed in: the tab opens at
 * once (inside the click, so no popup blocker interferes) and moves on to the address with a one-time stash
 * code as soon as the server handed one out. Without a session, or when the stash fails, the plain address
 * opens and the app asks to sign in.
 */
export async function openWithSession(target: string): Promise<void> {
  const tab = window.open('', '_blank');
  let address = target;
  try {
    address = await linkWithSession(target);
  } catch {
    // The plain address still opens the app.
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = address;
  } else {
    goToAddress(address);
  }
}
