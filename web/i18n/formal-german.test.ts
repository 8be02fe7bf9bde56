import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/de/**/*.json', { eager: true, import: 'default' });

// The product addresses people with "Sie", as the mails do; these are the informal forms.
const informalWords = ['du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines'];

// `\b` only knows ASCII letters, so "ädu" would count as a word; look for any letter or digit instead.
const informal = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${informalWords.join('|')})(?![\\p{L}\\p{N}_])`, 'iu');

function flatten(tree: Tree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

const texts = Object.entries(files).flatMap(([path, tree]) => {
  const section = /\.\/locales\/de\/(.+)\.json$/.exec(path)?.[1] ?? path;
  return flatten(tree, `${section}.`);
});

describe('German texts', () => {
  it('finds the German locale files', () => {
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect(texts.length).toBeGreaterThan(0);
  });

  it('recognises the informal words as whole words only', () => {
    expect(informal.test('Gib deine E-Mail-Adresse ein.')).toBe(true);
    expect(informal.test('Du kannst dich anmelden.')).toBe(true);
    expect(informal.test('Dafür fehlt DIR die Berechtigung.')).toBe(true);
    expect(informal.test('Der Dienst ist dunkel, Dateien dürfen direkt hochgeladen werden.')).toBe(false);
  });

  it.each(texts)('%s addresses the reader formally', (_key, text) => {
    expect(text).not.toMatch(informal);
  });
});
