import { Checkbox, MultiSelect, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { customFieldLimits } from '../../../contracts/custom-fields';
import type { ValidationIssue } from '../../../contracts/validation';
import { isValidUrl } from '../../../contracts/validation';
import type { CustomField } from '../custom-fields';
import { AccountSection } from '../account';

/** A member's value of one field as the form holds it; undefined = not filled. */
export type FieldValue = string | number | boolean | string[] | undefined;

const isEmpty = (value: FieldValue) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The field's rules before anything is sent (the server checks them again, `customFields.<id>`): required,
 * the length bounds of texts, a web address, a number, one of the options.
 */
export function customFieldIssue(field: CustomField, value: FieldValue): ValidationIssue | undefined {
  const rules = field.validationRules;
  if (field.type === 'checkbox') {
    return rules.required && value !== true ? { key: 'validation.required' } : undefined;
  }
  if (isEmpty(value)) {
    return rules.required ? { key: 'validation.required' } : undefined;
  }
  if (typeof value === 'string' && ['text', 'textarea', 'url'].includes(field.type)) {
    const text = value.trim();
    const max = Math.min(rules.maxLength ?? customFieldLimits.text, customFieldLimits.text);
    if (text.length > max) {
      return { key: 'validation.validateMaxLength', params: { max } };
    }
    if (rules.minLength !== null && text.length < rules.minLength) {
      return { key: 'validation.validateMinLength', params: { min: rules.minLength } };
    }
    if (field.type === 'url' && !isValidUrl(text)) {
      return { key: 'validation.url' };
    }
  }
  if (field.type === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) {
    return { key: 'validation.notNumber' };
  }
  return undefined;
}

/** What is sent for a field: trimmed texts, null to remove a value that was emptied. */
export function sentValue(value: FieldValue): string | number | boolean | string[] | null {
  if (isEmpty(value)) {
    return null;
  }
  return typeof value === 'string' ? value.trim() : (value as string | number | boolean | string[]);
}

type CustomFieldsSectionProps = {
  fields: readonly CustomField[];
  values: Record<string, FieldValue>;
  onChange: (fieldId: string, value: FieldValue) => void;
  issueOf: (fieldId: string) => string | null;
};

/** The app's own profile fields (settings/custom-fields), each with its type, options and rules. */
export function CustomFieldsSection({ fields, values, onChange, issueOf }: CustomFieldsSectionProps) {
  const { t } = useTranslation();
  if (fields.length === 0) {
    return null;
  }
  return (
    <AccountSection
      title={t('appProfile.customFields.title')}
      text={t('appProfile.customFields.text')}
      testId="member-custom-fields"
    >
      <Stack gap="lg">
        {fields.map((field) => (
          <CustomFieldInput
            key={field.id}
            field={field}
            value={values[field.id]}
            onChange={(value) => onChange(field.id, value)}
            error={issueOf(field.id)}
          />
        ))}
      </Stack>
    </AccountSection>
  );
}

type InputProps = {
  field: CustomField;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  error: string | null;
};

function CustomFieldInput({ field, value, onChange, error }: InputProps) {
  const { t, i18n } = useTranslation();
  const common = {
    label: field.label,
    required: field.validationRules.required,
    error,
    'data-testid': `custom-field-${field.id}`,
  };
  const text = typeof value === 'string' ? value : '';
  const max = field.validationRules.maxLength ?? customFieldLimits.text;
  switch (field.type) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={text}
          maxLength={max}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'url':
      return (
        <TextInput
          {...common}
          type="url"
          placeholder="https://"
          leftSection={<IconLink size={17} stroke={1.6} />}
          value={text}
          maxLength={max}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={8}
          value={text}
          maxLength={max}
          description={field.validationRules.maxLength ? `${text.length} / ${max}` : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
          decimalSeparator={i18n.language === 'de' ? ',' : '.'}
        />
      );
    case 'date':
      return (
        <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          value={text || null}
          onChange={(next) => onChange(next ?? undefined)}
          clearable={!field.validationRules.required}
          placeholder={t('appProfile.customFields.choose')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={field.options}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next)}
          placeholder={
            Array.isArray(value) && value.length > 0 ? undefined : t('appProfile.customFields.chooseMany')
          }
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={field.label + (field.validationRules.required ? ' *' : '')}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
          data-testid={`custom-field-${field.id}`}
        />
      );
  }
}
