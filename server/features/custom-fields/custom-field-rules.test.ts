import { describe, expect, it } from 'vitest';
import { applyValueChanges, checkValue, type FieldDefinition } from './custom-field-rules.ts';
import { positionAfter } from './positions.ts';

const field = (type: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  id: `${type}-id`,
  type,
  options: [],
  validationRules: {},
  ...extra,
});

describe('custom field values', () => {
  it('accepts values that suit the type and refuses others with a validation key', () => {
    expect(checkValue(field('text'), '  Köln ')).toEqual({ value: 'Köln' });
    expect(checkValue(field('text'), '   ')).toEqual({ empty: true });
    expect(checkValue(field('text'), 5)).toEqual({ error: 'validation.invalidType' });
    expect(checkValue(field('text', { validationRules: { maxLength: 3 } }), 'Bonn')).toEqual({
      error: 'validation.validateMaxLength',
    });
    expect(checkValue(field('textarea', { validationRules: { minLength: 5 } }), 'kurz')).toEqual({
      error: 'validation.validateMinLength',
    });
    expect(checkValue(field('textarea'), 'x'.repeat(2001))).toEqual({
      error: 'validation.validateMaxLength',
    });
    expect(checkValue(field('url'), 'https://beispiel.de')).toEqual({ value: 'https://beispiel.de' });
    expect(checkValue(field('url'), 'beispiel.de')).toEqual({ error: 'validation.url' });
    expect(checkValue(field('number'), 0)).toEqual({ value: 0 });
    expect(checkValue(field('number'), '12')).toEqual({ error: 'validation.notNumber' });
    expect(checkValue(field('checkbox'), false)).toEqual({ value: false });
    expect(checkValue(field('checkbox'), 'yes')).toEqual({ error: 'validation.invalidType' });
    expect(checkValue(field('date'), '2024-02-29')).toEqual({ value: '2024-02-29' });
    expect(checkValue(field('date'), '2023-02-29')).toEqual({ error: 'validation.date' });
    expect(checkValue(field('date'), '01.02.2024')).toEqual({ error: 'validation.date' });
    const select = field('select', { options: ['S', 'M'] });
    expect(checkValue(select, 'M')).toEqual({ value: 'M' });
    expect(checkValue(select, 'XL')).toEqual({ error: 'validation.invalidValue' });
    expect(checkValue(select, ['M'])).toEqual({ error: 'validation.invalidType' });
    const multi = field('multiselect', { options: ['Backen', 'Laufen', 'Lesen'] });
    expect(checkValue(multi, ['Lesen', 'Backen'])).toEqual({ value: ['Backen', 'Lesen'] });
    expect(checkValue(multi, [])).toEqual({ empty: true });
    expect(checkValue(multi, ['Lesen', 'Lesen'])).toEqual({ error: 'validation.invalidValue' });
    expect(checkValue(multi, ['Tanzen'])).toEqual({ error: 'validation.invalidValue' });
  });

  it('merges changes: unknown keys and unfilled required fields are errors, null removes, orphans go', () => {
    const city = field('text', { id: 'city' });
    const terms = field('checkbox', { id: 'terms', validationRules: { required: true } });
    const age = field('number', { id: 'age', validationRules: { required: true } });
    const fields = [city, terms, age];
    expect(
      applyValueChanges(fields, { city: 'Köln', terms: true, age: 3, deleted: 'x' }, { city: null, age: 0 }),
    ).toEqual({ values: { terms: true, age: 0 }, errors: {} });
    expect(applyValueChanges(fields, { age: 1 }, { terms: false, shoe: 42 })).toEqual({
      values: { age: 1, terms: false },
      errors: { 'customFields.terms': 'validation.required', 'customFields.shoe': 'validation.unknownField' },
    });
    expect(applyValueChanges(fields, { terms: true }, { city: 7 }).errors).toEqual({
      'customFields.city': 'validation.invalidType',
      'customFields.age': 'validation.required',
    });
  });
});

describe('field positions', () => {
  const items = [
    { id: 'a', position: 1 },
    { id: 'b', position: 2 },
  ];
  it('places before the first, between neighbours and after the last', () => {
    expect(positionAfter([], null)).toBe(1);
    expect(positionAfter(items, null)).toBe(0);
    expect(positionAfter(items, 'a')).toBe(1.5);
    expect(positionAfter(items, 'b')).toBe(3);
  });
  it('asks for renumbering when the neighbours are too close', () => {
    expect(
      positionAfter(
        [
          { id: 'a', position: 1 },
          { id: 'b', position: 1 + 1e-9 },
        ],
        'a',
      ),
    ).toBeNull();
  });
});
