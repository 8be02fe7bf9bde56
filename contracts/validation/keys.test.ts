import { describe, expect, it } from 'vitest';
import { isValidationKey, validationKeyParams, validationKeyValues } from './keys.ts';

describe('validation keys', () => {
  it('lists every spec §5 key (GAPS 34 for time and allowedSymbols) and the platform fallbacks', () => {
    expect([...validationKeyValues].sort()).toEqual(
      [
        'validation.required',
        'validation.email',
        'validation.href',
        'validation.url',
        'validation.zero',
        'validation.notNumber',
        'validation.someRequired',
        'validation.unique',
        'validation.confirmPassword',
        'validation.date',
        'validation.noSpaces',
        'validation.allowedSymbols.text',
        'validation.allowedSymbols.name',
        'validation.allowedSymbols.textWithDigits',
        'validation.allowedSymbols.slug',
        'validation.domain',
        'validation.validateVideoUrl',
        'validation.time',
        'validation.validateMinLength',
        'validation.validateMaxLength',
        'validation.minNumber',
        'validation.maxNumber',
        'validation.maxSizeFile',
        'validation.invalidType',
        'validation.invalidValue',
        'validation.unknownField',
        'validation.invalidFormat',
        'validation.code',
        'validation.nameCharacters',
        'validation.nameDots',
        'validation.nameTrailingDot',
        'validation.nameReserved',
        'validation.nameTooLong',
        'validation.nameTaken',
      ].sort(),
    );
  });

  it('names the params of the keys that interpolate values', () => {
    expect(validationKeyParams).toEqual({
      'validation.validateMinLength': ['min'],
      'validation.validateMaxLength': ['max'],
      'validation.minNumber': ['min'],
      'validation.maxNumber': ['max'],
      'validation.maxSizeFile': ['fileName', 'maxSize'],
      'validation.someRequired': ['fields'],
      'validation.date': ['format'],
      'validation.nameCharacters': ['characters'],
      'validation.nameTooLong': ['max'],
    });
    expect(isValidationKey('validation.href')).toBe(true);
    expect(isValidationKey('validation.link')).toBe(false);
  });

  it('no key is the prefix of another, so the keys nest as i18n objects', () => {
    for (const key of validationKeyValues) {
      expect(validationKeyValues.filter((other) => other.startsWith(`${key}.`))).toEqual([]);
    }
  });
});
