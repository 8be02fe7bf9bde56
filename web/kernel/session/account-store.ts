import { createStore, useStore } from 'zustand';
import type { Account } from '../../../contracts/session';
import { hasSession } from '../../api/token-store';

type AccountState = { account: Account | null };

/** The signed-in account; set with the session, replaced after profile changes, cleared when it ends. */
export const accountStore = createStore<AccountState>(() => ({ account: null }));

export function getAccount(): Account | null {
  return accountStore.getState().account;
}

export function setAccount(account: Account | null): void {
  accountStore.setState({ account });
}

/** Spec §4: authenticated means the account has an id (and there is a session to call the API with). */
export function isAuthenticated(): boolean {
  return Boolean(getAccount()?.id) && hasSession();
}

export function useAccount(): Account | null {
  return useStore(accountStore, (state) => state.account);
}

export function useIsAuthenticated(): boolean {
  return Boolean(useAccount()?.id);
}

/** "AB" for Anna Beispiel; the e-mail's first letter when there are no names. */
export function initialsOf(account: Pick<Account, 'firstName' | 'lastName' | 'email'>): string {
  const initials = `${account.firstName.trim().charAt(0)}${account.lastName.trim().charAt(0)}`;
  return (initials || account.email.charAt(0)).toUpperCase();
}

export function fullNameOf(account: Pick<Account, 'firstName' | 'lastName' | 'email'>): string {
  return `${account.firstName} ${account.lastName}`.trim() || account.email;
}
