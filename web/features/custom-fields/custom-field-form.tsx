import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customFieldLimits, customFieldTypeValues } from '../../../contracts/custom-fields';
import { ApiError } from '../../api/api-error';
import { useIsMobile } from '../../kernel/ui-store';
import { useIssueText } from '../../components/form-issues';
import { AccountSection } from '../account';
import { switchClassNames } from '../app-profile';
import { fieldTypeIcons } from './field-types';
import {
  fieldIssuesOf,
  fieldServerIssuesOf,
  isChoiceType,
  isTextType,
  type FieldIssueKey,
  type FieldIssues,
  type FieldValues,
} from './field-values';
import classes from './custom-fields.module.css';

type CustomFieldFormProps = {
  initial: FieldValues;
  cancelPath: string;
  submitLabel: string;
  saving: boolean;
  /** The server's refusal of the last save, if any. */
  error: unknown;
  onSubmit: (values: FieldValues) => void;
};

const lengthValue = (value: string | number): number | '' => (typeof value === 'number' ? value : '');

/** Type, label, options (select types), required and length rules of one custom field (spec §3). */
export function CustomFieldForm({
  initial,
  cancelPath,
  submitLabel,
  saving,
  error,
  onSubmit,
}: CustomFieldFormProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const [values, setValues] = useState<FieldValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [edited, setEdited] = useState<Set<FieldIssueKey>>(new Set());

  const serverIssues: FieldIssues =
    error instanceof ApiError && Object.keys(error.errors).length > 0
      ? fieldServerIssuesOf(error.errors)
      : {};
  const issues = submitted ? fieldIssuesOf(values) : {};
  const issueOf = (field: FieldIssueKey) =>
    issueText(issues[field] ?? (edited.has(field) ? undefined : serverIssues[field]));

  const set = <K extends keyof FieldValues>(field: K, value: FieldValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(field));
  };
  const setOption = (index: number, value: string) =>
    set(
      'options',
      values.options.map((option, at) => (at === index ? value : option)),
    );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setEdited(new Set());
    if (Object.keys(fieldIssuesOf(values)).length === 0) {
      onSubmit(values);
    }
  };

  const choice = isChoiceType(values.type);
  const text = isTextType(values.type);

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.form} data-testid="custom-field-form">
      <AccountSection
        title={t('appSettings.customFields.form.typeTitle')}
        text={t('appSettings.customFields.form.typeText')}
      >
        <div
          className={classes.typeGrid}
          data-mobile={isMobile || undefined}
          role="radiogroup"
          aria-label={t('appSettings.customFields.form.type')}
        >
          {customFieldTypeValues.map((type) => {
            const Icon = fieldTypeIcons[type];
            return (
              <UnstyledButton
                key={type}
                role="radio"
                aria-checked={values.type === type}
                data-checked={values.type === type || undefined}
                className={classes.typeChoice}
                onClick={() => set('type', type)}
                data-testid={`field-type-${type}`}
              >
                <Icon size={20} stroke={1.6} />
                {t(`appSettings.customFields.types.${type}`)}
              </UnstyledButton>
            );
          })}
        </div>
      </AccountSection>

      <AccountSection
        title={t('appSettings.customFields.form.detailsTitle')}
        text={t('appSettings.customFields.form.detailsText')}
      >
        <Stack gap="lg">
          <TextInput
            label={t('appSettings.customFields.form.label')}
            placeholder={t('appSettings.customFields.form.labelPlaceholder')}
            value={values.label}
            onChange={(event) => set('label', event.currentTarget.value)}
            error={issueOf('label')}
            maxLength={customFieldLimits.label}
            required
            data-testid="field-label"
          />
          {choice ? (
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('appSettings.customFields.form.options')}
              </Text>
              <Text size="xs" c="dimmed" mb={10}>
                {t('appSettings.customFields.form.optionsHint')}
              </Text>
              <div className={classes.options} data-testid="field-options">
                {values.options.map((option, index) => (
                  <div key={index} className={classes.optionRow}>
                    <TextInput
                      className={classes.optionInput}
                      aria-label={t('appSettings.customFields.form.option', { number: index + 1 })}
                      placeholder={t('appSettings.customFields.form.option', { number: index + 1 })}
                      value={option}
                      maxLength={customFieldLimits.option}
                      onChange={(event) => setOption(index, event.currentTarget.value)}
                      data-testid="field-option"
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size={36}
                      aria-label={t('appSettings.customFields.form.removeOption', { number: index + 1 })}
                      disabled={values.options.length <= 1}
                      onClick={() =>
                        set(
                          'options',
                          values.options.filter((_, at) => at !== index),
                        )
                      }
                    >
                      <IconX size={16} stroke={1.8} />
                    </ActionIcon>
                  </div>
                ))}
              </div>
              {issueOf('options') ? (
                <Text size="xs" c="red" mt={6} role="alert" data-testid="field-options-error">
                  {issueOf('options')}
                </Text>
              ) : null}
              <Button
                variant="light"
                size="xs"
                mt={10}
                leftSection={<IconPlus size={15} stroke={1.8} />}
                disabled={values.options.length >= customFieldLimits.options}
                onClick={() => set('options', [...values.options, ''])}
                data-testid="field-add-option"
              >
                {t('appSettings.customFields.form.addOption')}
              </Button>
            </div>
          ) : null}
        </Stack>
      </AccountSection>

      <AccountSection
        title={t('appSettings.customFields.form.rulesTitle')}
        text={t('appSettings.customFields.form.rulesText')}
      >
        <Stack gap="lg">
          <Switch
            size="md"
            labelPosition="left"
            classNames={switchClassNames}
            label={t('appSettings.customFields.form.required')}
            description={t('appSettings.customFields.form.requiredHint')}
            checked={values.required}
            onChange={(event) => set('required', event.currentTarget.checked)}
            data-testid="field-required"
          />
          {text ? (
            <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
              <NumberInput
                label={t('appSettings.customFields.form.minLength')}
                placeholder={t('appSettings.customFields.form.noBound')}
                min={0}
                max={customFieldLimits.text}
                allowDecimal={false}
                allowNegative={false}
                value={values.minLength}
                onChange={(value) => set('minLength', lengthValue(value))}
                error={issueOf('minLength')}
                data-testid="field-min-length"
              />
              <NumberInput
                label={t('appSettings.customFields.form.maxLength')}
                placeholder={t('appSettings.customFields.form.noBound')}
                min={1}
                max={customFieldLimits.text}
                allowDecimal={false}
                allowNegative={false}
                value={values.maxLength}
                onChange={(value) => set('maxLength', lengthValue(value))}
                error={issueOf('maxLength')}
                data-testid="field-max-length"
              />
            </SimpleGrid>
          ) : null}
        </Stack>
      </AccountSection>

      <Group
        justify="flex-end"
        gap="sm"
        style={isMobile ? { flexDirection: 'column-reverse', alignItems: 'stretch' } : undefined}
      >
        <Button
          component={Link}
          to={cancelPath}
          variant="default"
          leftSection={<IconX size={17} stroke={1.8} />}
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={saving}
          leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}
          data-testid="field-submit"
        >
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
