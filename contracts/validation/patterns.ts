/**
 * Plain predicates for the string rules of spec §5, shared by the zod helpers and the web's form fields.
 * Each answers for the exact string (no trimming): forms trim before validating if they want to.
 */

// Local part: ASCII letters, digits and . _ % + - ' (no leading, trailing or double dot).
// Domain: labels of letters (any script, for IDN domains), digits and inner dashes, and a letter TLD.
const emailPattern =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+'-]+(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

// http(s) scheme, a dotted host name with a letter TLD, optional port, then anything without whitespace.
// Bare 'www.x.de' is refused: without a scheme the browser would treat it as a relative link.
const webLinkPattern =
  /^https?:\/\/(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}\.?(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

// tel: an optional +, then digits with the usual separators; at least 2 digits, so the spec's own
// example 'tel:+49..' passes while 'tel:' and 'tel:x' do not.
const phoneLinkPattern = /^tel:\+?[\d\s().\-/]+$/i;
const messengerLinkPattern = /^(?:tg|whatsapp):\S+$/i;

export function isEmail(value: string): boolean {
  return emailPattern.test(value);
}

export function isWebLink(value: string): boolean {
  return webLinkPattern.test(value);
}

/** `mailto:` with one address, optionally followed by a query ('?subject=…'). */
export function isEmailLink(value: string): boolean {
  const match = /^mailto:([^?]*)(\?\S*)?$/i.exec(value);
  return match !== null && isEmail(match[1] ?? '');
}

export function isPhoneLink(value: string): boolean {
  return phoneLinkPattern.test(value) && (value.match(/\d/g) ?? []).length >= 2;
}

/** The `link` rule (RULE-62): empty, an email link, a phone link, a web link, or a tg: / whatsapp: link. */
export function isValidLink(value: string): boolean {
  return (
    value === '' ||
    isEmailLink(value) ||
    isPhoneLink(value) ||
    isWebLink(value) ||
    messengerLinkPattern.test(value)
  );
}

/** The `url` rule (RULE-63): empty or a web link. */
export function isValidUrl(value: string): boolean {
  return value === '' || isWebLink(value);
}

export function hasNoSpaces(value: string): boolean {
  return !/\s/u.test(value);
}

/**
 * The character sets of the allowed-symbols rule (RULE-71). "Letters" means letters of any script together
 * with their combining marks (so decomposed 'é' and Devanagari count); "space" means U+0020 only, so tabs
 * and line breaks are refused. An empty string passes (emptiness is the `required` rule's business).
 * - text: letters, decimal digits (any script), spaces and . , : ; ! ? ' " ’ ‘ “ ” „ « » ( ) [ ] & / + % # @ * _ … – — -
 * - name: letters, spaces, hyphen '-', apostrophes ' and ’, dot '.'
 * - textWithDigits: letters, digits, spaces
 * - slug: Latin letters a-z and A-Z, digits 0-9, dash '-'
 */
export const allowedSymbolsPatterns = {
  text: /^[\p{L}\p{M}\p{Nd} .,:;!?'"’‘“”„«»()[\]&/+%#@*_…–—-]*$/u,
  name: /^[\p{L}\p{M} .'’-]*$/u,
  textWithDigits: /^[\p{L}\p{M}\p{Nd} ]*$/u,
  slug: /^[A-Za-z0-9-]*$/,
} as const;

export type AllowedSymbolsKind = keyof typeof allowedSymbolsPatterns;
export const allowedSymbolsKinds = Object.keys(allowedSymbolsPatterns) as AllowedSymbolsKind[];

export function hasAllowedSymbols(value: string, kind: AllowedSymbolsKind): boolean {
  return allowedSymbolsPatterns[kind].test(value);
}

/**
 * A domain label (RULE-72): Latin letters and digits in groups separated by single dashes, so no dash at
 * either end and no '--'. At most 63 characters, the DNS limit for one label.
 */
export function isDomainLabel(value: string): boolean {
  return value.length <= 63 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(value);
}

/** h:mm:ss (RULE-74): any number of hour digits (durations may pass 24 h), minutes and seconds 00-59. */
export function isTime(value: string): boolean {
  return /^\d+:[0-5]\d:[0-5]\d$/.test(value);
}
