import { describe, expect, it } from 'vitest';
import { errorCodeValues } from '../../contracts/errors';
import { validationKeyParams, validationKeyValues } from '../../contracts/validation/keys';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix: string): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

function keysOf(language: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [path, tree] of Object.entries(files)) {
    const match = /\.\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] !== language) {
      continue;
    }
    const section = match[2] ?? '';
    for (const key of flatten(tree, `${section}.`)) {
      const text = key
        .split('.')
        .slice(1)
        .reduce<string | Tree | undefined>(
          (node, part) => (typeof node === 'object' ? node[part] : undefined),
          tree,
        );
      texts.set(key, typeof text === 'string' ? text : '');
    }
  }
  return texts;
}

const de = keysOf('de');
const en = keysOf('en');

const validationKeys = [
  'required',
  'email',
  'href',
  'url',
  'zero',
  'notNumber',
  'someRequired',
  'unique',
  'confirmPassword',
  'date',
  'noSpaces',
  'allowedSymbols.text',
  'allowedSymbols.name',
  'allowedSymbols.textWithDigits',
  'allowedSymbols.slug',
  'domain',
  'validateVideoUrl',
  'time',
  'validateMinLength',
  'validateMaxLength',
  'minNumber',
  'maxNumber',
  'maxSizeFile',
  'invalidType',
  'unknownField',
].map((key) => `validation.${key}`);

describe('locale files', () => {
  it('de and en have exactly the same keys', () => {
    expect(de.size).toBeGreaterThan(0);
    expect([...en.keys()].sort()).toEqual([...de.keys()].sort());
  });

  it('has no empty texts', () => {
    for (const [key, text] of [...de, ...en]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it.each(['de', 'en'])(
    '%s has a text for every error code of the contracts, and a generic one',
    (language) => {
      const texts = language === 'de' ? de : en;
      for (const code of errorCodeValues) {
        expect(texts.has(`errors.${code}`), `errors.${code}`).toBe(true);
      }
      expect(texts.has('errors.generic')).toBe(true);
    },
  );

  it.each(['de', 'en'])('%s has every validation key (the brief and the contracts)', (language) => {
    const texts = language === 'de' ? de : en;
    for (const key of [...validationKeys, ...validationKeyValues]) {
      expect(texts.has(key), key).toBe(true);
    }
  });

  it('interpolates only the params the contracts send with a validation key', () => {
    const params: Record<string, readonly string[]> = validationKeyParams;
    for (const [key, text] of de) {
      if (key.startsWith('validation.')) {
        for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) {
          expect(params[key] ?? [], `${key} uses {{${name}}}`).toContain(name);
        }
      }
    }
  });

  it('keeps interpolation placeholders identical across languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of de) {
      expect(placeholders(en.get(key) ?? ''), key).toEqual(placeholders(text));
    }
    expect(placeholders(de.get('validation.maxSizeFile') ?? '')).toEqual(['fileName', 'maxSize']);
    expect(placeholders(de.get('validation.validateMinLength') ?? '')).toEqual(['min']);
  });
});

describe('terms', () => {
  // One word per thing in each language (issue 13): the library is "Dateien" / files, the shared join link
  // an "Einladungslink" / invite link, and English writes "email".
  const avoided: Record<'de' | 'en', readonly RegExp[]> = {
    de: [/Mediathek/, /Einladungs-Link/, /\bEmail\b/],
    en: [/\be-mail/i, /media library/i, /invitation link/i],
  };

  it.each(['de', 'en'] as const)('uses one term for each thing in %s', (language) => {
    const texts = language === 'de' ? de : en;
    const found = [...texts].filter(([, text]) => avoided[language].some((pattern) => pattern.test(text)));
    expect(found).toEqual([]);
  });
});
