import { describe, expect, it } from 'vitest';
import { slugify, transliterate } from './slug.ts';

describe('slugify', () => {
  it('RULE-89 lower-case, English transliteration, punctuation and whitespace to one dash', () => {
    expect(slugify('Grüße, Welt!!  2')).toBe('gruesse-welt-2');
    expect(slugify('ÄRGER über Öl')).toBe('aerger-ueber-oel');
    expect(slugify('Straße')).toBe('strasse');
    expect(slugify('Crème brûlée à la française')).toBe('creme-brulee-a-la-francaise');
    expect(slugify('Øresund Łódź Æther')).toBe('oresund-lodz-aether');
    expect(slugify('Привет, мир')).toBe('privet-mir');
    expect(slugify('Щука и ёжик')).toBe('shchuka-i-ezhik');
  });

  it('RULE-89 no leading, trailing or repeated dashes', () => {
    expect(slugify('  --Hello---World--  ')).toBe('hello-world');
    expect(slugify('a / b \\ c _ d . e')).toBe('a-b-c-d-e');
    expect(slugify('Tab\tand\nnewline')).toBe('tab-and-newline');
    expect(slugify("Peter's Kurs")).toBe('peters-kurs');
    expect(slugify('!!!')).toBe('');
    expect(slugify('日本語')).toBe('');
  });

  it('transliterate keeps everything but the letters it knows', () => {
    expect(transliterate('Füße 1!')).toBe('fuesse 1!');
    expect(transliterate('й')).toBe('y');
  });
});
