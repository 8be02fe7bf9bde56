/**
 * Every validation message key, so the web can make sure each has a German and an English text.
 * Keys are i18n keys; the params listed in `validationKeyParams` are interpolated into the text.
 */
export const validationKeys = {
  // spec §5 rules
  required: 'validation.required',
  email: 'validation.email',
  href: 'validation.href',
  url: 'validation.url',
  zero: 'validation.zero',
  notNumber: 'validation.notNumber',
  someRequired: 'validation.someRequired',
  unique: 'validation.unique',
  confirmPassword: 'validation.confirmPassword',
  date: 'validation.date',
  noSpaces: 'validation.noSpaces',
  allowedSymbolsText: 'validation.allowedSymbols.text',
  allowedSymbolsName: 'validation.allowedSymbols.name',
  allowedSymbolsTextWithDigits: 'validation.allowedSymbols.textWithDigits',
  allowedSymbolsSlug: 'validation.allowedSymbols.slug',
  domain: 'validation.domain',
  validateVideoUrl: 'validation.validateVideoUrl',
  /** GAPS 34: the spec gives the time rule no key. */
  time: 'validation.time',
  validateMinLength: 'validation.validateMinLength',
  validateMaxLength: 'validation.validateMaxLength',
  minNumber: 'validation.minNumber',
  maxNumber: 'validation.maxNumber',
  maxSizeFile: 'validation.maxSizeFile',
  // Not in spec §5: server/platform/validation-errors.ts maps zod's built-in issues (wrong type, unknown
  // enum value, unknown field, other formats) to these, so no English sentence reaches the client.
  invalidType: 'validation.invalidType',
  invalidValue: 'validation.invalidValue',
  unknownField: 'validation.unknownField',
  invalidFormat: 'validation.invalidFormat',
  /** A one-time code has exactly six digits. */
  code: 'validation.code',
  // Cloud names (contracts/cloud-names.ts).
  nameCharacters: 'validation.nameCharacters',
  nameDots: 'validation.nameDots',
  nameTrailingDot: 'validation.nameTrailingDot',
  nameReserved: 'validation.nameReserved',
  nameTooLong: 'validation.nameTooLong',
  nameTaken: 'validation.nameTaken',
} as const;

export type ValidationKey = (typeof validationKeys)[keyof typeof validationKeys];
export const validationKeyValues = Object.values(validationKeys) as ValidationKey[];

/** The params each key carries (in the zod issue's `params` and in `ValidationIssue.params`). */
export const validationKeyParams = {
  'validation.validateMinLength': ['min'],
  'validation.validateMaxLength': ['max'],
  'validation.minNumber': ['min'],
  'validation.maxNumber': ['max'],
  'validation.maxSizeFile': ['fileName', 'maxSize'],
  'validation.someRequired': ['fields'],
  'validation.date': ['format'],
  'validation.nameCharacters': ['characters'],
  'validation.nameTooLong': ['max'],
} as const satisfies Partial<Record<ValidationKey, readonly string[]>>;

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && (validationKeyValues as readonly string[]).includes(value);
}
