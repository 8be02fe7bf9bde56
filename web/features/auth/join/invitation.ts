const invitationKey = 'pendingInvitation';

/**
 * `/auth/join/{invitationToken}`: the token waits in sessionStorage while the person signs in or signs up;
 * the workspace feature redeems it (spec §7 auth/invitation calls) afterwards.
 */
export function keepInvitationToken(token: string): void {
  try {
    window.sessionStorage.setItem(invitationKey, token);
  } catch {
    // Without storage the invitation has to be opened again after signing in.
  }
}

export function pendingInvitationToken(): string | null {
  try {
    return window.sessionStorage.getItem(invitationKey);
  } catch {
    return null;
  }
}

export function takeInvitationToken(): string | null {
  const token = pendingInvitationToken();
  try {
    window.sessionStorage.removeItem(invitationKey);
  } catch {
    // Nothing to remove.
  }
  return token;
}
