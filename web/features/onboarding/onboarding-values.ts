import {
  onboardingLimits,
  type Onboarding,
  type OnboardingStepKey,
  type UpdateOnboardingBody,
} from '../../../contracts/onboarding';
import type { ValidationIssue } from '../../../contracts/validation';

export type StepValues = { key: OnboardingStepKey; isEnabled: boolean; title: string; description: string };
export type OnboardingValues = { isEnabled: boolean; welcomeText: string; steps: StepValues[] };

/** Problems by field: `welcomeText`, `{stepKey}.title`, `{stepKey}.description` (a step's own, wherever it moves). */
export type OnboardingIssues = Partial<Record<string, ValidationIssue>>;

export const onboardingValuesOf = (onboarding: Onboarding): OnboardingValues => ({
  isEnabled: onboarding.isEnabled,
  welcomeText: onboarding.welcomeText,
  steps: onboarding.steps.map(({ key, isEnabled, title, description }) => ({
    key,
    isEnabled,
    title,
    description,
  })),
});

const tooLong = (max: number): ValidationIssue => ({ key: 'validation.validateMaxLength', params: { max } });

/** The contract's lengths (counted after trimming, as the server does). */
export function onboardingIssuesOf(values: OnboardingValues): OnboardingIssues {
  const issues: OnboardingIssues = {};
  if (values.welcomeText.trim().length > onboardingLimits.welcomeText) {
    issues.welcomeText = tooLong(onboardingLimits.welcomeText);
  }
  for (const step of values.steps) {
    if (step.title.trim().length > onboardingLimits.title) {
      issues[`${step.key}.title`] = tooLong(onboardingLimits.title);
    }
    if (step.description.trim().length > onboardingLimits.description) {
      issues[`${step.key}.description`] = tooLong(onboardingLimits.description);
    }
  }
  return issues;
}

const sameStep = (a: StepValues, b: StepValues | undefined) =>
  b !== undefined &&
  a.key === b.key &&
  a.isEnabled === b.isEnabled &&
  a.title.trim() === b.title.trim() &&
  a.description.trim() === b.description.trim();

/** What differs from the saved onboarding; steps go as the whole list in the new order. */
export function onboardingChangesOf(saved: OnboardingValues, values: OnboardingValues): UpdateOnboardingBody {
  const changes: UpdateOnboardingBody = {};
  if (values.isEnabled !== saved.isEnabled) {
    changes.isEnabled = values.isEnabled;
  }
  if (values.welcomeText.trim() !== saved.welcomeText.trim()) {
    changes.welcomeText = values.welcomeText.trim();
  }
  const stepsChanged =
    values.steps.length !== saved.steps.length ||
    values.steps.some((step, index) => !sameStep(step, saved.steps[index]));
  if (stepsChanged) {
    changes.steps = values.steps.map((step) => ({
      key: step.key,
      isEnabled: step.isEnabled,
      title: step.title.trim(),
      description: step.description.trim(),
    }));
  }
  return changes;
}

/** The server's field errors (`welcomeText`, `steps.2.title`) by this form's field names. */
export function onboardingServerIssuesOf(
  errors: Record<string, string>,
  sent: UpdateOnboardingBody,
): OnboardingIssues {
  const issues: OnboardingIssues = {};
  for (const [field, key] of Object.entries(errors)) {
    const [name, index, part] = field.split('.');
    const step = name === 'steps' && index !== undefined ? sent.steps?.[Number(index)] : undefined;
    issues[step && part ? `${step.key}.${part}` : (name ?? field)] = { key };
  }
  return issues;
}
