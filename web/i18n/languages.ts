import { defaultLanguage, languageValues, type Language } from '../../contracts/language';

export { defaultLanguage, type Language };

export const supportedLanguages: readonly Language[] = languageValues;

/** Endonyms: a language is always offered in its own name, whatever the current language is. */
export const languageNames: Record<Language, string> = { de: 'Deutsch', en: 'English' };

export const languageStorageKey = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}
