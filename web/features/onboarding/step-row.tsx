import { ActionIcon, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIssueText } from '../../components/form-issues';
import { defaultTextKey, stepText } from './onboarding-steps';
import type { OnboardingIssues, StepValues } from './onboarding-values';
import classes from './onboarding.module.css';

type StepRowProps = {
  step: StepValues;
  index: number;
  total: number;
  issues: OnboardingIssues;
  disabled: boolean;
  onChange: (patch: Partial<StepValues>) => void;
  onMove: (by: -1 | 1) => void;
};

/**
 * One step of the settings: its place (up and down buttons, no dragging, so the keyboard moves it as well as
 * the pointer), whether members see it, and the team's own title and description over the defaults.
 */
export function StepRow({ step, index, total, issues, disabled, onChange, onMove }: StepRowProps) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const name = stepText(step, t).title;
  const headingId = `onboarding-step-${step.key}`;
  return (
    <li
      className={classes.step}
      data-disabled={!step.isEnabled || undefined}
      aria-labelledby={headingId}
      data-testid={`step-${step.key}`}
    >
      <div className={classes.stepHead}>
        <span className={classes.stepNumber} aria-hidden="true">
          {index + 1}
        </span>
        <div className={classes.stepName}>
          <Text fw={600} id={headingId}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('onboarding.settings.position', { position: index + 1, total })}
          </Text>
        </div>
        <Switch
          size="md"
          label={t('onboarding.settings.show')}
          aria-label={t('onboarding.settings.showLabel', { name })}
          checked={step.isEnabled}
          onChange={(event) => onChange({ isEnabled: event.currentTarget.checked })}
          disabled={disabled}
          data-testid={`step-enabled-${step.key}`}
        />
        <div className={classes.moves}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('onboarding.settings.up', { name })}
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
            data-move={`${step.key}:up`}
          >
            <IconArrowUp size={18} stroke={1.8} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('onboarding.settings.down', { name })}
            disabled={disabled || index === total - 1}
            onClick={() => onMove(1)}
            data-move={`${step.key}:down`}
          >
            <IconArrowDown size={18} stroke={1.8} />
          </ActionIcon>
        </div>
      </div>
      <div className={classes.stepTexts}>
        <TextInput
          label={t('onboarding.settings.ownTitle')}
          description={t('onboarding.settings.ownHint')}
          placeholder={t(defaultTextKey(step.key, 'title'))}
          value={step.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          error={issueText(issues[`${step.key}.title`])}
          disabled={disabled}
          data-testid={`step-title-${step.key}`}
        />
        <Textarea
          label={t('onboarding.settings.ownDescription')}
          description={t('onboarding.settings.ownHint')}
          placeholder={t(defaultTextKey(step.key, 'description'))}
          value={step.description}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
          error={issueText(issues[`${step.key}.description`])}
          disabled={disabled}
          autosize
          minRows={2}
          maxRows={5}
          data-testid={`step-description-${step.key}`}
        />
      </div>
    </li>
  );
}
