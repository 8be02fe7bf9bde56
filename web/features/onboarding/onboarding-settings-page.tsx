import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Stack, Switch, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onboardingLimits, type UpdateOnboardingBody } from '../../../contracts/onboarding';
import { ApiError } from '../../api/api-error';
import { useCurrentApp } from '../../kernel/current-app';
import { useIssueText } from '../../components/form-issues';
import { SaveBar } from '../../components/save-bar';
import { AccountSection } from '../account';
import { SettingsQueryPage } from '../app-settings';
import { onboardingApi, onboardingKeys, onboardingQuery, type Onboarding } from './onboarding-api';
import { moveStep, stepText } from './onboarding-steps';
import {
  onboardingChangesOf,
  onboardingIssuesOf,
  onboardingServerIssuesOf,
  onboardingValuesOf,
  type OnboardingIssues,
  type OnboardingValues,
  type StepValues,
} from './onboarding-values';
import { StepRow } from './step-row';
import classes from './onboarding.module.css';

type Moved = { key: string; direction: 'up' | 'down' };

function OnboardingForm({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const canEdit = onboarding.permissions.can.includes('edit');
  const saved = onboardingValuesOf(onboarding);
  const [values, setValues] = useState<OnboardingValues>(saved);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<OnboardingIssues>({});
  const [announcement, setAnnouncement] = useState('');
  const [moved, setMoved] = useState<Moved | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const changes = onboardingChangesOf(saved, values);
  const dirty = Object.keys(changes).length > 0;
  const issues: OnboardingIssues = { ...(submitted ? onboardingIssuesOf(values) : {}), ...serverIssues };

  // A moved row is put back into the document: the focus returns to its button (or the other one at an end).
  useEffect(() => {
    if (!moved) {
      return;
    }
    const button = (direction: string) =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.key}:${direction}"]`);
    const same = button(moved.direction);
    (same && !same.disabled ? same : button(moved.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [moved]);

  const save = useMutation({
    mutationFn: (body: UpdateOnboardingBody) => onboardingApi.update(app.id, body),
    meta: { silent: true },
    onSuccess: (updated) => {
      setSubmitted(false);
      queryClient.setQueryData(onboardingKeys.all(app.id), updated);
      notifications.show({ color: 'teal', message: t('onboarding.settings.saved') });
    },
    onError: (error, sent) => {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(onboardingServerIssuesOf(error.errors, sent));
      } else {
        notifications.show({
          color: 'red',
          message: t(error instanceof ApiError ? error.message : 'errors.generic'),
        });
      }
    },
  });

  const setStep = (key: string, patch: Partial<StepValues>) => {
    setValues((current) => ({
      ...current,
      steps: current.steps.map((step) => (step.key === key ? { ...step, ...patch } : step)),
    }));
    setServerIssues({});
  };

  const handleMove = (index: number, by: -1 | 1) => {
    const next = moveStep(values.steps, index, by);
    const step = values.steps[index];
    if (!next || !step) {
      return;
    }
    setValues((current) => ({ ...current, steps: next }));
    setMoved({ key: step.key, direction: by < 0 ? 'up' : 'down' });
    setAnnouncement(
      t('onboarding.settings.moved', {
        name: stepText(step, t).title,
        position: index + by + 1,
        total: next.length,
      }),
    );
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (Object.keys(onboardingIssuesOf(values)).length > 0) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    } else if (dirty) {
      save.mutate(changes);
    }
  };

  const noneEnabled = values.isEnabled && values.steps.every((step) => !step.isEnabled);

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      className={classes.form}
      data-testid="onboarding-form"
    >
      {!canEdit ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          {t('onboarding.settings.readOnly')}
        </Alert>
      ) : null}
      <AccountSection
        title={t('onboarding.settings.general.title')}
        text={t('onboarding.settings.general.text')}
      >
        <Stack gap="lg">
          <Switch
            size="md"
            label={t('onboarding.settings.enabled')}
            description={t('onboarding.settings.enabledHint')}
            checked={values.isEnabled}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, isEnabled: checked }));
            }}
            disabled={!canEdit}
            data-testid="onboarding-enabled"
          />
          <Textarea
            label={t('onboarding.settings.welcomeText')}
            description={t('onboarding.settings.welcomeTextHint', {
              text: t('onboarding.checklist.welcome'),
            })}
            value={values.welcomeText}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setValues((current) => ({ ...current, welcomeText: text }));
            }}
            error={issueText(issues.welcomeText)}
            disabled={!canEdit}
            autosize
            minRows={3}
            maxRows={8}
            data-testid="onboarding-welcome"
          />
          <Text size="xs" c="dimmed" ta="right" mt={-12} aria-hidden="true">
            {values.welcomeText.trim().length} / {onboardingLimits.welcomeText}
          </Text>
        </Stack>
      </AccountSection>
      <AccountSection title={t('onboarding.settings.steps.title')} text={t('onboarding.settings.steps.text')}>
        {noneEnabled ? (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} mb="md">
            {t('onboarding.settings.noneEnabled')}
          </Alert>
        ) : null}
        <ol
          ref={listRef}
          className={classes.steps}
          aria-label={t('onboarding.settings.stepsLabel')}
          data-testid="onboarding-steps"
        >
          {values.steps.map((step, index) => (
            <StepRow
              key={step.key}
              step={step}
              index={index}
              total={values.steps.length}
              issues={issues}
              disabled={!canEdit}
              onChange={(patch) => setStep(step.key, patch)}
              onMove={(by) => handleMove(index, by)}
            />
          ))}
        </ol>
        <VisuallyHidden aria-live="polite" data-testid="onboarding-announcement">
          {announcement}
        </VisuallyHidden>
      </AccountSection>
      {canEdit ? (
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          onDiscard={() => {
            setValues(saved);
            setSubmitted(false);
            setServerIssues({});
          }}
          testId="onboarding-save-bar"
        />
      ) : null}
    </form>
  );
}

/** `settings/onboarding` (ROUTE-91, NOTIFICATIONS-ONBOARDING-05, 06): the members' checklist, as the team wants it. */
export function OnboardingSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const query = useQuery({ ...onboardingQuery(app.id), meta: { silent: true } });
  return (
    <SettingsQueryPage
      title={t('onboarding.settings.title')}
      lead={t('onboarding.settings.lead')}
      query={query}
      loadError={t('onboarding.settings.loadError')}
      skeletons={[200, 420]}
      testId="onboarding"
    >
      {(onboarding, key) => <OnboardingForm key={key} onboarding={onboarding} />}
    </SettingsQueryPage>
  );
}
