import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, languageStorageKey, type Language } from './languages';

type LanguageTexts = { default: Record<string, Record<string, unknown>> };

// One lazy module per language with all its files (`./auth.json` → its texts), loaded the first time it is used.
const languageLoaders: Record<Language, () => Promise<LanguageTexts>> = {
  de: () => import('./locales/de/index'),
  en: () => import('./locales/en/index'),
};

export const i18n = i18next.createInstance();

const loadedLanguages = new Set<Language>();
let initPromise: Promise<unknown> | null = null;

/** `./errors.json` → `errors`: each file is one top-level key (`errors.NOT_FOUND`). */
function sectionName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

async function loadLanguage(language: Language): Promise<void> {
  if (loadedLanguages.has(language)) {
    return;
  }
  const files = (await languageLoaders[language]()).default;
  const sections = Object.entries(files).map(([path, texts]) => [sectionName(path), texts] as const);
  // Each language loads once, into an empty bundle: no deep merge, and no defensive copy of the freshly parsed
  // texts (i18next copies a bundle through JSON by default, which costs as much as parsing it).
  i18n.addResourceBundle(language, 'translation', Object.fromEntries(sections), false, true, {
    skipCopy: true,
  });
  loadedLanguages.add(language);
}

export function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(languageStorageKey);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function persistLanguage(language: Language): void {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage can be unavailable (private mode, quotas); the choice then lasts for this visit.
  }
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : defaultLanguage;
}

/**
 * Loads the language's texts, switches i18next and `<html lang>`.
 * `persist: false` is for defaults that were not the person's own choice.
 */
export async function setLanguage(language: Language, { persist = true } = {}): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  if (persist) {
    persistLanguage(language);
  }
}

/** Starts i18next with the stored choice, else `fallback`; resolves once the texts are loaded. */
export async function initI18n(fallback: Language = defaultLanguage): Promise<void> {
  initPromise ??= i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: fallback,
    fallbackLng: false,
    supportedLngs: ['de', 'en'],
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await initPromise;
  await setLanguage(storedLanguage() ?? fallback, { persist: false });
}
