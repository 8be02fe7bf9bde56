/*
 * The custom fields' public module (issue 12 point 6): the profile form reads an app's fields and checks a
 * member's values against them.
 */
export { applyValueChanges } from './custom-field-rules.ts';
export { listFields, type CustomFieldRow } from './custom-fields.repo.ts';
