import {
  choiceFieldTypes,
  customFieldCreateBodySchema,
  textFieldTypes,
  type CustomField,
  type CustomFieldCreateBody,
  type CustomFieldType,
} from '../../../contracts/custom-fields';
import type { ValidationIssue } from '../../../contracts/validation';

/** What the custom field form edits; the lengths stay text while typed ('' = no bound). */
export type FieldValues = {
  type: CustomFieldType;
  label: string;
  options: string[];
  required: boolean;
  minLength: number | '';
  maxLength: number | '';
};

export type FieldIssueKey = 'type' | 'label' | 'options' | 'required' | 'minLength' | 'maxLength';
export type FieldIssues = Partial<Record<FieldIssueKey, ValidationIssue>>;

export const isChoiceType = (type: CustomFieldType) => choiceFieldTypes.includes(type);
export const isTextType = (type: CustomFieldType) => textFieldTypes.includes(type);

export const emptyFieldValues: FieldValues = {
  type: 'text',
  label: '',
  options: ['', ''],
  required: false,
  minLength: '',
  maxLength: '',
};

export function fieldValuesOf(field: CustomField): FieldValues {
  return {
    type: field.type,
    label: field.label,
    options: isChoiceType(field.type) ? [...field.options] : ['', ''],
    required: field.validationRules.required,
    minLength: field.validationRules.minLength ?? '',
    maxLength: field.validationRules.maxLength ?? '',
  };
}

/** The body of `POST /apps/{appId}/custom-fields` (and the whole `PATCH`): options and lengths only where they apply. */
export function fieldBodyOf(values: FieldValues): CustomFieldCreateBody {
  const text = isTextType(values.type);
  return {
    type: values.type,
    label: values.label,
    options: isChoiceType(values.type)
      ? values.options.map((option) => option.trim()).filter((option) => option !== '')
      : [],
    validationRules: {
      required: values.required,
      minLength: text && values.minLength !== '' ? values.minLength : null,
      maxLength: text && values.maxLength !== '' ? values.maxLength : null,
    },
  };
}

/** Maps a path of the contract or the server (`validationRules.maxLength`, `options.2`) to a form field. */
function fieldOfPath(path: readonly PropertyKey[]): FieldIssueKey {
  const [head, sub] = path.map(String);
  return (head === 'validationRules' ? sub : head) as FieldIssueKey;
}

/** The contract's rules plus the relations the server checks (choices need options, unique, min ≤ max). */
export function fieldIssuesOf(values: FieldValues): FieldIssues {
  const body = fieldBodyOf(values);
  const issues: FieldIssues = {};
  const result = customFieldCreateBodySchema.safeParse(body);
  for (const issue of result.success ? [] : result.error.issues) {
    const field = fieldOfPath(issue.path);
    issues[field] ??=
      issue.code === 'custom' && issue.params
        ? { key: issue.message, params: issue.params }
        : { key: issue.message };
  }
  const options = body.options ?? [];
  if (isChoiceType(values.type) && !issues.options) {
    if (options.length === 0) {
      issues.options = { key: 'appSettings.customFields.form.optionsRequired' };
    } else if (new Set(options.map((option) => option.toLowerCase())).size !== options.length) {
      issues.options = { key: 'validation.unique' };
    }
  }
  const minLength = body.validationRules?.minLength ?? null;
  const maxLength = body.validationRules?.maxLength ?? null;
  if (minLength !== null && maxLength !== null && minLength > maxLength && !issues.maxLength) {
    issues.maxLength = { key: 'appSettings.customFields.form.maxBelowMin' };
  }
  return issues;
}

/** The server's field errors by form field. */
export function fieldServerIssuesOf(errors: Record<string, string>): FieldIssues {
  const issues: FieldIssues = {};
  for (const [path, key] of Object.entries(errors)) {
    issues[fieldOfPath(path.split('.'))] ??= { key };
  }
  return issues;
}
