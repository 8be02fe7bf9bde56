import { describe, expect, it } from 'vitest';
import {
  defaultLanguage,
  isLanguage,
  languageValues,
  pickLanguage,
  threeToTwoLetter,
  toLanguage,
  toTwoLetter,
} from './language.ts';

describe('language', () => {
  it('supports de and en with de as default (spec §9)', () => {
    expect(languageValues).toEqual(['de', 'en']);
    expect(defaultLanguage).toBe('de');
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
  });

  it('maps ISO 639-2/B and /T codes to two letters', () => {
    expect(toTwoLetter('deu')).toBe('de');
    expect(toTwoLetter('ger')).toBe('de');
    expect(toTwoLetter('GER')).toBe('de');
    expect(toTwoLetter('eng')).toBe('en');
    expect(toTwoLetter('fre')).toBe('fr');
    expect(toTwoLetter('fra')).toBe('fr');
    expect(toTwoLetter('de')).toBe('de');
    expect(toTwoLetter('de-AT')).toBe('de');
    expect(toTwoLetter('deu_CH')).toBe('de');
    expect(toTwoLetter('xyz')).toBeNull();
    expect(toTwoLetter('')).toBeNull();
    expect(toTwoLetter(undefined)).toBeNull();
    expect(toTwoLetter('german')).toBeNull();
    expect(new Set(Object.values(threeToTwoLetter)).size).toBeGreaterThanOrEqual(30);
    expect(toLanguage('eng')).toBe('en');
    expect(toLanguage('fra')).toBeNull();
  });

  it('picks the best supported language from Accept-Language', () => {
    expect(pickLanguage('en-GB,en;q=0.9,de;q=0.8')).toBe('en');
    expect(pickLanguage('fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7')).toBe('en');
    expect(pickLanguage('de-AT')).toBe('de');
    expect(pickLanguage('en;q=0.5, de;q=0.9')).toBe('de');
    expect(pickLanguage('en;q=0, de;q=0.1')).toBe('de');
    expect(pickLanguage('de;q=0, en;q=0.1')).toBe('en');
    expect(pickLanguage('eng')).toBe('en');
    expect(pickLanguage('EN-us')).toBe('en');
    expect(pickLanguage('en;q=1.5, fr')).toBe('de');
    expect(pickLanguage('en;q=abc')).toBe('de');
    expect(pickLanguage('fr, es;q=0.5')).toBe('de');
    expect(pickLanguage('*')).toBe('de');
    expect(pickLanguage('')).toBe('de');
    expect(pickLanguage(null)).toBe('de');
    expect(pickLanguage(undefined)).toBe('de');
  });
});
