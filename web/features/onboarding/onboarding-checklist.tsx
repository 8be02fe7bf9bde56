import '@mantine/core/styles/Progress.css';
import { Button, Paper, Progress, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouterApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { onboardingApi, onboardingKeys, type Onboarding } from './onboarding-api';
import { defaultTextKey, stepLink, stepText } from './onboarding-steps';
import classes from './onboarding.module.css';

/**
 * The member's checklist on the app's start screen: the team's welcome, the progress, each enabled step with
 * its state and a way to where it is done, and "Ausblenden". The server decides what is done.
 */
export function OnboardingChecklistCard({ app, onboarding }: { app: RouterApp; onboarding: Onboarding }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const steps = onboarding.steps.filter((step) => step.isEnabled);
  const done = steps.filter((step) => step.isDone).length;
  const key = onboardingKeys.all(app.id);

  const dismiss = useMutation({
    mutationFn: () => onboardingApi.dismiss(app.id),
    onMutate: () => {
      queryClient.setQueryData<Onboarding>(key, (current) =>
        current ? { ...current, isDismissed: true } : current,
      );
      notifications.show({ color: 'teal', message: t('onboarding.checklist.dismissed') });
    },
    onError: () => {
      queryClient.setQueryData<Onboarding>(key, (current) =>
        current ? { ...current, isDismissed: false } : current,
      );
    },
  });

  return (
    <Paper
      className={classes.card}
      data-mobile={isMobile || undefined}
      component="section"
      aria-labelledby="onboarding-title"
      data-testid="onboarding-checklist"
    >
      <div className={classes.cardHead}>
        <div className={classes.cardHeading}>
          <Title order={2} className={classes.cardTitle} id="onboarding-title">
            {t('onboarding.checklist.title')}
          </Title>
          <Text size="sm" c="dimmed" className={classes.welcome}>
            {onboarding.welcomeText.trim() || t('onboarding.checklist.welcome')}
          </Text>
        </div>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconEyeOff size={16} stroke={1.8} />}
          onClick={() => dismiss.mutate()}
          className={classes.dismiss}
          aria-label={t('onboarding.checklist.dismissLabel')}
          data-testid="onboarding-dismiss"
        >
          {t('onboarding.checklist.dismiss')}
        </Button>
      </div>
      <div className={classes.progress}>
        <Text size="sm" fw={600} data-testid="onboarding-progress">
          {t('onboarding.checklist.progress', { done, total: steps.length })}
        </Text>
        <Progress.Root size="md" radius="xl" className={classes.progressBar}>
          <Progress.Section
            value={steps.length > 0 ? Math.round((done / steps.length) * 100) : 0}
            aria-label={t('onboarding.checklist.progressLabel')}
          />
        </Progress.Root>
      </div>
      <ol className={classes.checklist} aria-label={t('onboarding.checklist.stepsLabel')}>
        {steps.map((step) => {
          const text = stepText(step, t);
          return (
            <li
              key={step.key}
              className={classes.checkItem}
              data-done={step.isDone || undefined}
              data-mobile={isMobile || undefined}
              data-testid={`checklist-${step.key}`}
            >
              <ThemeIcon
                size={28}
                radius="xl"
                variant={step.isDone ? 'filled' : 'light'}
                color={step.isDone ? 'teal' : 'gray'}
                aria-hidden="true"
              >
                {step.isDone ? <IconCheck size={16} stroke={2.4} /> : <span className={classes.dot} />}
              </ThemeIcon>
              <div className={classes.checkText}>
                <Text
                  size="sm"
                  fw={600}
                  td={step.isDone ? 'line-through' : undefined}
                  c={step.isDone ? 'dimmed' : undefined}
                >
                  {text.title}
                  <VisuallyHidden>
                    {` – ${t(step.isDone ? 'onboarding.checklist.done' : 'onboarding.checklist.open')}`}
                  </VisuallyHidden>
                </Text>
                {step.isDone ? null : (
                  <Text size="sm" c="dimmed">
                    {text.description}
                  </Text>
                )}
              </div>
              {step.isDone ? null : (
                <Button
                  component={Link}
                  to={stepLink(step.key, app)}
                  variant="light"
                  size="xs"
                  rightSection={<IconArrowRight size={15} stroke={1.8} />}
                  className={classes.checkAction}
                  data-testid={`checklist-link-${step.key}`}
                >
                  {t(defaultTextKey(step.key, 'action'))}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </Paper>
  );
}
