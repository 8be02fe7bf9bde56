/**
 * Slugs for categories and articles (spec §5, RULE-89): lower-case, transliterated to English, whitespace and
 * punctuation become '-', repeated dashes collapse, no dash at either end. Characters that have no Latin
 * spelling here (e.g. CJK) are dropped, so the result can be '' and the caller must fall back (e.g. to an id).
 */

// Letters that Unicode decomposition does not reduce to a Latin base, or that German spells differently.
// Applied after lower-casing, before decomposition (otherwise 'ü' would lose its umlaut and become 'u').
const latinMap: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
};

// Russian, Ukrainian and Belarusian letters, transliterated in the common "passport" style.
const cyrillicMap: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  є: 'ye',
  і: 'i',
  ї: 'yi',
  ґ: 'g',
  ў: 'u',
};

/** Transliterates to plain Latin letters without changing anything else (case is lowered first). */
export function transliterate(text: string): string {
  return Array.from(text.toLowerCase().normalize('NFC'))
    .map((char) => latinMap[char] ?? cyrillicMap[char] ?? char)
    .join('')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

export function slugify(name: string): string {
  return (
    transliterate(name)
      // "Peter's" → "peters", not "peter-s".
      .replace(/['’‘`´]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}
