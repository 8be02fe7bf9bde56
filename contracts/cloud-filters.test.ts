import { describe, expect, it } from 'vitest';
import {
  addExtensionChip,
  normalizeExtension,
  pickerFolderFilterValues,
  toPickerFolderFilter,
} from './cloud-filters.ts';

describe('cloud filters', () => {
  it('RULE-86 the popup and mobile folder filter accepts only photo, audio, video and document', () => {
    expect(pickerFolderFilterValues).toEqual(['photo', 'audio', 'video', 'document']);
    expect(['photo', 'audio', 'video', 'document'].map(toPickerFolderFilter)).toEqual([
      'photo',
      'audio',
      'video',
      'document',
    ]);
    for (const value of ['removed', 'other', 'favorite', 'my', '', null, undefined]) {
      expect(toPickerFolderFilter(value)).toBeNull();
    }
  });

  it('RULE-87 a file-type chip is added only if it is non-empty and not already present', () => {
    let chips: string[] = [];
    chips = addExtensionChip(chips, 'pdf');
    chips = addExtensionChip(chips, 'pdf');
    chips = addExtensionChip(chips, '');
    chips = addExtensionChip(chips, '   ');
    expect(chips).toEqual(['pdf']);
    chips = addExtensionChip(chips, '.PDF ');
    chips = addExtensionChip(chips, 'docx');
    expect(chips).toEqual(['pdf', 'docx']);
  });

  it('RULE-87 adding returns a new list and leaves the old one unchanged', () => {
    const chips = ['pdf'];
    const next = addExtensionChip(chips, 'png');
    expect(chips).toEqual(['pdf']);
    expect(next).not.toBe(chips);
    expect(normalizeExtension('..TaR ')).toBe('tar');
  });
});
