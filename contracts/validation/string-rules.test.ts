import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue } from './issue.ts';
import {
  hasAllowedSymbols,
  hasNoSpaces,
  isDomainLabel,
  isEmail,
  isTime,
  isValidLink,
  isValidUrl,
} from './patterns.ts';
import {
  allowedSymbols,
  domainLabel,
  email,
  link,
  noSpaces,
  noSpacesCheck,
  orEmpty,
  time,
  url,
  urlCheck,
  videoLink,
} from './string-rules.ts';

const keyOf = (schema: z.ZodType, value: unknown) => firstIssue(schema, value)?.key ?? null;

describe('string rules', () => {
  it('RULE-61 email fails with validation.email unless the value matches the email pattern', () => {
    for (const value of [
      'abc@',
      'abc',
      '@b.de',
      'a@b',
      'a b@c.de',
      'a..b@c.de',
      '.a@c.de',
      'a.@c.de',
      '',
      'a@b.c',
    ]) {
      expect(keyOf(email(), value), value).toBe('validation.email');
      expect(isEmail(value), value).toBe(false);
    }
    for (const value of ['anna@example.de', 'a.b+tag@sub.example.com', "o'neil@x.io", 'max@müller.de']) {
      expect(keyOf(email(), value), value).toBeNull();
      expect(isEmail(value), value).toBe(true);
    }
    expect(keyOf(email(), 42)).toBe('validation.email');
    expect(keyOf(email(), undefined)).toBe('validation.required');
  });

  it('RULE-62 link accepts mailto, tel, web, tg:, whatsapp: and empty', () => {
    const valid = [
      '',
      'mailto:a@b.de',
      'mailto:a@b.de?subject=Hallo',
      'tel:+49 30 1234567',
      'tel:+49-(30)-123',
      'tel:+49..',
      'https://x.de',
      'http://x.de/path?q=1#top',
      'tg:x',
      'tg://resolve?domain=gemeinde',
      'whatsapp:x',
      'whatsapp://send?phone=491701234567',
    ];
    for (const value of valid) {
      expect(keyOf(link(), value), value).toBeNull();
      expect(isValidLink(value), value).toBe(true);
    }
  });

  it('RULE-62 link fails with validation.href for anything else', () => {
    for (const value of [
      'foo',
      'x.de',
      'mailto:foo',
      'tel:1',
      'tel:',
      'tel:+49 x',
      'tel:abc',
      'tg:',
      'ftp://x.de',
      'https://x',
      'javascript:alert(1)',
    ]) {
      expect(keyOf(link(), value), value).toBe('validation.href');
      expect(isValidLink(value), value).toBe(false);
    }
  });

  it('RULE-63 url accepts empty or a web link, else validation.url', () => {
    expect(keyOf(url(), '')).toBeNull();
    expect(keyOf(url(), 'https://x.de')).toBeNull();
    expect(keyOf(url(), 'http://sub.x.de:8080/a/b?c=d')).toBeNull();
    for (const value of ['x', 'x.de', 'mailto:a@b.de', 'tg:x', 'https://x de.de', 'https://']) {
      expect(keyOf(url(), value), value).toBe('validation.url');
      expect(isValidUrl(value), value).toBe(false);
    }
    expect(keyOf(z.string().check(urlCheck()), 'x')).toBe('validation.url');
  });

  it('RULE-70 no spaces fails with validation.noSpaces when the value contains whitespace', () => {
    for (const value of ['a b', ' a', 'a\tb', 'a\nb', 'a\u00a0b']) {
      expect(keyOf(noSpaces(), value), JSON.stringify(value)).toBe('validation.noSpaces');
      expect(hasNoSpaces(value)).toBe(false);
    }
    expect(keyOf(noSpaces(), 'ab')).toBeNull();
    expect(keyOf(noSpaces(), '')).toBeNull();
    expect(keyOf(z.string().check(noSpacesCheck()), 'a b')).toBe('validation.noSpaces');
  });

  it('RULE-71 allowed symbols: slug is Latin letters, digits and dashes', () => {
    expect(keyOf(allowedSymbols('slug'), 'Über_1')).toBe('validation.allowedSymbols.slug');
    expect(keyOf(allowedSymbols('slug'), 'a b')).toBe('validation.allowedSymbols.slug');
    expect(keyOf(allowedSymbols('slug'), 'uber-1')).toBeNull();
    expect(keyOf(allowedSymbols('slug'), 'Uber-1')).toBeNull();
  });

  it('RULE-71 allowed symbols: text allows letters of any script, digits, spaces and punctuation', () => {
    for (const value of [
      'Grüße, Welt! (2024)',
      'Привет: мир?',
      'Café & Bar – 50 % off…',
      '"Quote" [x] #1 @me',
    ]) {
      expect(keyOf(allowedSymbols('text'), value), value).toBeNull();
    }
    for (const value of ['<script>', 'a{b}', 'a|b', 'a\nb', 'a=b', '🙂']) {
      expect(keyOf(allowedSymbols('text'), value), value).toBe('validation.allowedSymbols.text');
    }
  });

  it('RULE-71 allowed symbols: name allows letters, spaces, hyphen, apostrophe and dot', () => {
    for (const value of ["Anne-Marie O'Neil", 'Dr. Jürgen', 'Łukasz Żółć', 'Zoë D’Arcy']) {
      expect(hasAllowedSymbols(value, 'name'), value).toBe(true);
    }
    for (const value of ['Anna1', 'Anna!', 'Anna_B', 'a,b']) {
      expect(keyOf(allowedSymbols('name'), value), value).toBe('validation.allowedSymbols.name');
    }
  });

  it('RULE-71 allowed symbols: textWithDigits allows letters, digits and spaces only', () => {
    expect(hasAllowedSymbols('Kurs 2 für Anfänger', 'textWithDigits')).toBe(true);
    expect(keyOf(allowedSymbols('textWithDigits'), 'Kurs-2')).toBe(
      'validation.allowedSymbols.textWithDigits',
    );
    expect(keyOf(allowedSymbols('textWithDigits'), 'Kurs 2.')).toBe(
      'validation.allowedSymbols.textWithDigits',
    );
  });

  it('RULE-72 domain label is letters and digits separated by single dashes, else validation.domain', () => {
    for (const value of ['my--app', '-app', 'app-', '', 'my_app', 'my.app', 'äpp', 'a'.repeat(64)]) {
      expect(keyOf(domainLabel(), value), value).toBe('validation.domain');
      expect(isDomainLabel(value), value).toBe(false);
    }
    for (const value of ['my-app1', 'app', 'A1-b2-c3', 'a'.repeat(63)]) {
      expect(keyOf(domainLabel(), value), value).toBeNull();
    }
  });

  it('RULE-73 video link must come from a supported host, else validation.validateVideoUrl', () => {
    expect(keyOf(videoLink(), 'https://www.dailymotion.com/video/x7tgad0')).toBe(
      'validation.validateVideoUrl',
    );
    expect(keyOf(videoLink(), 'https://example.com/watch?v=dQw4w9WgXcQ')).toBe('validation.validateVideoUrl');
    expect(keyOf(videoLink(), 'https://www.youtube.com/watch?v=short')).toBe('validation.validateVideoUrl');
    expect(keyOf(videoLink(), '')).toBe('validation.validateVideoUrl');
    expect(keyOf(videoLink(), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(keyOf(videoLink(), 'https://vimeo.com/76979871')).toBeNull();
    expect(keyOf(videoLink(), 'https://www.loom.com/share/0123456789abcdef0123456789abcdef')).toBeNull();
  });

  it('RULE-74 time must be h:mm:ss (validation.time)', () => {
    for (const value of ['1:05:30', '0:00:00', '12:59:59', '100:00:01']) {
      expect(keyOf(time(), value), value).toBeNull();
      expect(isTime(value)).toBe(true);
    }
    for (const value of ['1:5', '1:5:30', '1:05', '1:60:00', '1:00:60', ':05:30', '1:05:30 ', 'a:bc:de']) {
      expect(keyOf(time(), value), value).toBe('validation.time');
      expect(isTime(value)).toBe(false);
    }
  });

  it('orEmpty lets an optional field stay empty but still checks a filled one', () => {
    expect(keyOf(orEmpty(email()), '')).toBeNull();
    expect(keyOf(orEmpty(email()), 'abc')).toBe('validation.email');
    expect(keyOf(orEmpty(email()), 'a@b.de')).toBeNull();
    expect(keyOf(orEmpty(email()), 7)).toBe('validation.invalidType');
  });
});
