import type { AbilityName } from '../../../contracts/abilities.ts';
import { customFieldTypeSchema, type CustomField } from '../../../contracts/custom-fields.ts';
import { presentRules } from './custom-field-rules.ts';
import type { CustomFieldRow } from './custom-fields.repo.ts';

export function presentCustomField(field: CustomFieldRow, can: AbilityName<'custom_field'>[]): CustomField {
  return {
    id: field.id,
    // Only the contract's types are ever stored; parse keeps the type honest if that changes.
    type: customFieldTypeSchema.parse(field.type),
    label: field.label,
    options: field.options,
    validationRules: presentRules(field.validationRules),
    permissions: { can },
    createdAt: field.createdAt.toISOString(),
  };
}
