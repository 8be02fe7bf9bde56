import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { paginated } from './pagination.ts';
import { maxLength, requiredString } from './validation/index.ts';

/*
 * Custom fields of the member profile form (settings/custom-fields, spec rows SLIDES-CUSTOMFIELDS-06…10).
 * The member's values live in the profile's `customFields`, keyed by the field id.
 */

export const customFieldTypeValues = [
  'text',
  'textarea',
  'number',
  'select',
  'multiselect',
  'checkbox',
  'date',
  'url',
] as const;
export type CustomFieldType = (typeof customFieldTypeValues)[number];
export const customFieldTypeSchema = z.enum(customFieldTypeValues);

/** Types whose values are picked from `options`. */
export const choiceFieldTypes: readonly CustomFieldType[] = ['select', 'multiselect'];
/** Types whose values are texts, so the length rules apply. */
export const textFieldTypes: readonly CustomFieldType[] = ['text', 'textarea', 'url'];
/** Date values are written `YYYY-MM-DD`. */
export const customFieldDateFormat = 'YYYY-MM-DD';

export const customFieldLimits = {
  perApp: 50,
  label: 100,
  options: 100,
  option: 200,
  /** Longest text value (also the bound of the length rules). */
  text: 2000,
} as const;

export const customFieldPermissionsSchema = z.object({
  can: z.array(z.enum(abilitiesBySubject.custom_field)),
});

export const customFieldRulesSchema = z.object({
  required: z.boolean(),
  minLength: z.number().int().nullable(),
  maxLength: z.number().int().nullable(),
});
export type CustomFieldRules = z.infer<typeof customFieldRulesSchema>;

export const customFieldSchema = z.object({
  id: z.uuid(),
  type: customFieldTypeSchema,
  label: z.string(),
  options: z.array(z.string()),
  validationRules: customFieldRulesSchema,
  permissions: customFieldPermissionsSchema,
  createdAt: z.iso.datetime(),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const customFieldResponseSchema = z.object({ data: customFieldSchema });
/** All fields of the app in form order (at most 50, so one page). */
export const customFieldListSchema = paginated(customFieldSchema);

const lengthBound = z.number().int().min(0).max(customFieldLimits.text);
export const customFieldRulesBodySchema = z.strictObject({
  required: z.boolean().optional(),
  minLength: lengthBound.nullable().optional(),
  maxLength: lengthBound.min(1).nullable().optional(),
});
export type CustomFieldRulesBody = z.output<typeof customFieldRulesBodySchema>;

const optionsBody = z
  .array(
    requiredString()
      .check(maxLength(customFieldLimits.option))
      .transform((value) => value.trim()),
  )
  .check(maxLength(customFieldLimits.options));

/**
 * `POST /apps/{appId}/custom-fields`. `options` are required (non-empty, unique) for select and multiselect
 * and must be left out (or empty) otherwise; the length rules apply to text, textarea and url only.
 * The server checks these relations and answers them per field.
 */
export const customFieldCreateBodySchema = z.strictObject({
  type: customFieldTypeSchema,
  label: requiredString()
    .check(maxLength(customFieldLimits.label))
    .transform((value) => value.trim()),
  options: optionsBody.optional(),
  validationRules: customFieldRulesBodySchema.optional(),
});
export type CustomFieldCreateBody = z.output<typeof customFieldCreateBodySchema>;

/** `PATCH /custom-fields/{id}`: what is sent replaces the stored value; the result is checked as a whole. */
export const customFieldPatchBodySchema = customFieldCreateBodySchema.partial();
export type CustomFieldPatchBody = z.output<typeof customFieldPatchBodySchema>;

/** `PATCH /custom-fields/{id}/move`: place the field right after `prevId`; null = first. */
export const customFieldMoveBodySchema = z.strictObject({ prevId: z.uuid().nullable() });

export const customFieldParamsSchema = z.object({ id: z.uuid() });
