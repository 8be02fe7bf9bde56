import { describe, expect, it } from 'vitest';
import { freeName, itemNameProblem, nameKey, withKeptExtension } from './cloud-names.ts';

describe('cloud names', () => {
  it('refuses what cannot be kept and names the characters', () => {
    expect(itemNameProblem('a/b')).toEqual({ reason: 'characters', characters: ['/'] });
    expect(itemNameProblem('<script>')).toEqual({ reason: 'characters', characters: ['<', '>'] });
    expect(itemNameProblem('Rechnung\u202Efdp.exe')).toEqual({
      reason: 'characters',
      characters: ['U+202E'],
    });
    expect(itemNameProblem('  ')).toEqual({ reason: 'required' });
    expect(itemNameProblem('..')).toEqual({ reason: 'dots' });
    expect(itemNameProblem('Ende.')).toEqual({ reason: 'trailingDot' });
    expect(itemNameProblem('nul.txt')).toEqual({ reason: 'reserved' });
    expect(itemNameProblem('😀'.repeat(64))).toEqual({ reason: 'tooLong', max: 255 });
    for (const name of ['Kurs (neu) & mehr', '.notizen', 'Übersicht 2026 – Entwurf', ' a ']) {
      expect(itemNameProblem(name), name).toBeNull();
    }
  });

  it('keeps a file’s extension when the new name has none', () => {
    expect(withKeptExtension('Urlaub', 'IMG_1.jpg')).toBe('Urlaub.jpg');
    expect(withKeptExtension(' Urlaub.png ', 'IMG_1.jpg')).toBe('Urlaub.png');
    expect(withKeptExtension('README', 'LIESMICH')).toBe('README');
    expect(withKeptExtension('.env', 'config.txt')).toBe('.env.txt');
  });

  it('counts on like file managers when both are kept', () => {
    const taken = new Set(['foto.jpg', 'foto (2).jpg', 'kurse 2026'].map(nameKey));
    const isTaken = (key: string) => taken.has(key);
    expect(freeName('Foto.jpg', isTaken, { isFolder: false })).toBe('Foto (3).jpg');
    expect(freeName('foto (2).jpg', isTaken, { isFolder: false })).toBe('foto (3).jpg');
    expect(freeName('Kurse 2026', isTaken, { isFolder: true })).toBe('Kurse 2026 (2)');
    expect(freeName('neu.jpg', isTaken, { isFolder: false })).toBe('neu.jpg');
    // A folder's name has no extension: "v1.2" counts as a whole.
    expect(freeName('v1.2', (key) => key === 'v1.2', { isFolder: true })).toBe('v1.2 (2)');
  });
});
