import { describe, expect, it } from 'vitest';
import { folderPaths, pathText } from './folder-paths';

describe('folder paths', () => {
  it('names every folder from My files down', () => {
    const paths = folderPaths(
      {
        id: 'r',
        name: 'My files',
        data: [{ id: 'a', name: 'Kurse', data: [{ id: 'b', name: 'Yoga', data: [] }] }],
      },
      'Meine Dateien',
    );
    expect(Object.fromEntries(paths)).toEqual({
      r: ['Meine Dateien'],
      a: ['Meine Dateien', 'Kurse'],
      b: ['Meine Dateien', 'Kurse', 'Yoga'],
    });
  });

  it('shortens a deep path in the middle', () => {
    expect(pathText(['Meine Dateien', 'Kurse'])).toBe('Meine Dateien › Kurse');
    expect(pathText(['Meine Dateien', 'A', 'B', 'C', 'D'])).toBe('Meine Dateien › … › C › D');
  });
});
