import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import type { Language } from '../../contracts/language';
import { currentLanguage, setLanguage } from '../i18n/i18n';

/**
 * The person's language and time zone, one setting for both hosts: the account's, unless the app profile
 * overrides it on that app's host. The shells apply it whenever it changes (sign-in, a stash hand-over, a
 * restored session, a changed account or profile); dates everywhere read the time zone from here.
 */
type PersonLocale = { timeZone: string | null };

const personLocaleStore = createStore<PersonLocale>(() => ({ timeZone: null }));

export function personTimeZone(): string | null {
  return personLocaleStore.getState().timeZone;
}

export function usePersonTimeZone(): string | null {
  return useStore(personLocaleStore, (state) => state.timeZone);
}

export function setPersonTimeZone(timeZone: string | null): void {
  if (personLocaleStore.getState().timeZone !== timeZone) {
    personLocaleStore.setState({ timeZone });
  }
}

/**
 * Applies the signed-in person's language and time zone; null (a guest, or not known yet) leaves the
 * visitor's own choice alone.
 */
export function usePersonLocale(language: Language | null, timeZone: string | null): void {
  useEffect(() => {
    if (language && language !== currentLanguage()) {
      void setLanguage(language);
    }
  }, [language]);
  useEffect(() => {
    setPersonTimeZone(timeZone);
  }, [timeZone]);
}
