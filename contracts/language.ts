import { z } from 'zod';

/** The languages the product is translated into; German first because it is the default (spec §9). */
export const languageValues = ['de', 'en'] as const;
export type Language = (typeof languageValues)[number];
export const languageSchema = z.enum(languageValues);
export const defaultLanguage: Language = 'de';

/**
 * ISO 639-2 three-letter codes → ISO 639-1 two-letter codes. Where a language has both a bibliographic (/B)
 * and a terminology (/T) code, both are listed (e.g. ger and deu), because clients and imports send either.
 */
export const threeToTwoLetter: Readonly<Record<string, string>> = {
  ara: 'ar',
  bos: 'bs',
  bul: 'bg',
  cat: 'ca',
  ces: 'cs',
  cze: 'cs',
  chi: 'zh',
  zho: 'zh',
  dan: 'da',
  deu: 'de',
  ger: 'de',
  dut: 'nl',
  nld: 'nl',
  ell: 'el',
  gre: 'el',
  eng: 'en',
  est: 'et',
  fas: 'fa',
  per: 'fa',
  fin: 'fi',
  fra: 'fr',
  fre: 'fr',
  heb: 'he',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ind: 'id',
  isl: 'is',
  ice: 'is',
  ita: 'it',
  jpn: 'ja',
  kor: 'ko',
  lav: 'lv',
  lit: 'lt',
  ltz: 'lb',
  mkd: 'mk',
  mac: 'mk',
  msa: 'ms',
  may: 'ms',
  nob: 'nb',
  nor: 'no',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rum: 'ro',
  rus: 'ru',
  slk: 'sk',
  slo: 'sk',
  slv: 'sl',
  spa: 'es',
  sqi: 'sq',
  alb: 'sq',
  srp: 'sr',
  swe: 'sv',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  vie: 'vi',
};

/**
 * The two-letter code of a language code such as 'de', 'DE', 'deu', 'ger', 'de-AT' or 'deu_CH';
 * null when the code is not a known language. Region and script subtags are ignored.
 */
export function toTwoLetter(code: string | null | undefined): string | null {
  const primary = (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (/^[a-z]{2}$/.test(primary)) {
    return primary;
  }
  if (/^[a-z]{3}$/.test(primary)) {
    return threeToTwoLetter[primary] ?? null;
  }
  return null;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languageValues as readonly string[]).includes(value);
}

/** The supported language for any language code, or null if the product is not translated into it. */
export function toLanguage(code: string | null | undefined): Language | null {
  const twoLetter = toTwoLetter(code);
  return isLanguage(twoLetter) ? twoLetter : null;
}

/**
 * Picks the best supported language from an Accept-Language header ('en-GB,en;q=0.9,de;q=0.8').
 * Entries are tried by descending q (ties keep header order); q=0 means "not acceptable" and is skipped,
 * as are malformed q-values. Falls back to the default language.
 */
export function pickLanguage(acceptLanguage: string | null | undefined): Language {
  const entries = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const qParameter = parameters.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
      const q = qParameter === undefined ? 1 : parseQuality(qParameter.slice(2));
      return { tag: tag.trim(), q, index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of entries) {
    const language = toLanguage(entry.tag);
    if (language) {
      return language;
    }
  }
  return defaultLanguage;
}

/** RFC 9110 weight: 0 to 1 with up to three decimals; anything else counts as 0 (ignored). */
function parseQuality(raw: string): number {
  const value = raw.trim();
  return /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
}
