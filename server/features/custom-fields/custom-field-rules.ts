import {
  choiceFieldTypes,
  customFieldDateFormat,
  customFieldLimits,
  textFieldTypes,
  type CustomFieldRules,
  type CustomFieldRulesBody,
  type CustomFieldType,
} from '../../../contracts/custom-fields.ts';
import { isValidDate, isValidUrl } from '../../../contracts/validation/index.ts';
import type { CustomFieldValidationRules, CustomFieldValue } from '../../db/schema/index.ts';

/*
 * The rules of custom fields: what a field definition may say (settings) and which values a member may
 * give it (profile form). Pure functions: the services load the data, these decide.
 */

export type FieldErrors = Record<string, string>;
export type FieldDefinition = {
  id: string;
  type: string;
  options: string[];
  validationRules: CustomFieldValidationRules;
};

export const isChoiceType = (type: string) => (choiceFieldTypes as readonly string[]).includes(type);
export const isTextType = (type: string) => (textFieldTypes as readonly string[]).includes(type);

/** The stored rules, without unset keys. */
export function storedRules(rules: CustomFieldRulesBody): CustomFieldValidationRules {
  const stored: CustomFieldValidationRules = {};
  if (rules.required) {
    stored.required = true;
  }
  if (typeof rules.minLength === 'number' && rules.minLength > 0) {
    stored.minLength = rules.minLength;
  }
  if (typeof rules.maxLength === 'number') {
    stored.maxLength = rules.maxLength;
  }
  return stored;
}

export function presentRules(rules: CustomFieldValidationRules): CustomFieldRules {
  return {
    required: rules.required === true,
    minLength: rules.minLength ?? null,
    maxLength: rules.maxLength ?? null,
  };
}

/**
 * A field definition as a whole: choice types need options (non-empty, unique ignoring case), other types
 * take none; the length rules belong to text types and need min ≤ max.
 */
export function checkDefinition(definition: {
  type: CustomFieldType;
  options: readonly string[];
  validationRules: CustomFieldValidationRules;
}): FieldErrors {
  const errors: FieldErrors = {};
  const { type, options, validationRules: rules } = definition;
  if (isChoiceType(type)) {
    if (options.length === 0) {
      errors.options = 'validation.required';
    }
    const seen = new Set<string>();
    options.forEach((option, index) => {
      const key = option.toLowerCase();
      if (seen.has(key)) {
        errors[`options.${index}`] ??= 'validation.unique';
      }
      seen.add(key);
    });
  } else if (options.length > 0) {
    errors.options = 'validation.invalidValue';
  }
  const hasLengthRule = rules.minLength !== undefined || rules.maxLength !== undefined;
  if (hasLengthRule && !isTextType(type)) {
    errors[rules.minLength !== undefined ? 'validationRules.minLength' : 'validationRules.maxLength'] =
      'validation.invalidValue';
  } else if (
    rules.minLength !== undefined &&
    rules.maxLength !== undefined &&
    rules.minLength > rules.maxLength
  ) {
    errors['validationRules.minLength'] = 'validation.invalidValue';
  }
  return errors;
}

type Checked = { value: CustomFieldValue } | { empty: true } | { error: string };

/** One value for one field: normalised, empty (nothing to keep), or the validation key it fails. */
export function checkValue(field: FieldDefinition, value: CustomFieldValue): Checked {
  const rules = field.validationRules;
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'url': {
      if (typeof value !== 'string') {
        return { error: 'validation.invalidType' };
      }
      const text = value.trim();
      if (text === '') {
        return { empty: true };
      }
      if (text.length > Math.min(rules.maxLength ?? customFieldLimits.text, customFieldLimits.text)) {
        return { error: 'validation.validateMaxLength' };
      }
      if (rules.minLength !== undefined && text.length < rules.minLength) {
        return { error: 'validation.validateMinLength' };
      }
      if (field.type === 'url' && !isValidUrl(text)) {
        return { error: 'validation.url' };
      }
      return { value: text };
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? { value }
        : { error: 'validation.notNumber' };
    case 'checkbox':
      return typeof value === 'boolean' ? { value } : { error: 'validation.invalidType' };
    case 'date':
      if (typeof value !== 'string') {
        return { error: 'validation.invalidType' };
      }
      if (value === '') {
        return { empty: true };
      }
      return isValidDate(value, customFieldDateFormat) ? { value } : { error: 'validation.date' };
    case 'select':
      if (typeof value !== 'string') {
        return { error: 'validation.invalidType' };
      }
      if (value === '') {
        return { empty: true };
      }
      return field.options.includes(value) ? { value } : { error: 'validation.invalidValue' };
    case 'multiselect': {
      if (!Array.isArray(value)) {
        return { error: 'validation.invalidType' };
      }
      if (value.length === 0) {
        return { empty: true };
      }
      const picked = new Set(value);
      const valid = picked.size === value.length && value.every((item) => field.options.includes(item));
      // Kept in the order of the options, so the same choice is stored the same way.
      return valid
        ? { value: field.options.filter((option) => picked.has(option)) }
        : { error: 'validation.invalidValue' };
    }
    default:
      return { error: 'validation.invalidValue' };
  }
}

/** Whether a stored value fills a required field: a checkbox must be ticked, anything else present. */
function fills(field: FieldDefinition, value: CustomFieldValue | undefined): boolean {
  return field.type === 'checkbox' ? value === true : value !== undefined;
}

/**
 * Merges a member's changes into their stored values: keys must be ids of the app's fields, values must
 * suit the field (null or an empty value removes it), and every required field must be filled afterwards.
 * Values of fields that no longer exist are dropped. Errors are keyed `customFields.<id>`.
 */
export function applyValueChanges(
  fields: readonly FieldDefinition[],
  current: Record<string, CustomFieldValue>,
  changes: Record<string, CustomFieldValue | null>,
): { values: Record<string, CustomFieldValue>; errors: FieldErrors } {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const values: Record<string, CustomFieldValue> = {};
  for (const [id, value] of Object.entries(current)) {
    if (byId.has(id)) {
      values[id] = value;
    }
  }
  const errors: FieldErrors = {};
  for (const [id, value] of Object.entries(changes)) {
    const field = byId.get(id);
    if (!field) {
      errors[`customFields.${id}`] = 'validation.unknownField';
      continue;
    }
    const checked = value === null ? ({ empty: true } as const) : checkValue(field, value);
    if ('error' in checked) {
      errors[`customFields.${id}`] = checked.error;
    } else if ('empty' in checked) {
      delete values[id];
    } else {
      values[id] = checked.value;
    }
  }
  for (const field of fields) {
    const key = `customFields.${field.id}`;
    if (field.validationRules.required && !errors[key] && !fills(field, values[field.id])) {
      errors[key] = 'validation.required';
    }
  }
  return { values, errors };
}
