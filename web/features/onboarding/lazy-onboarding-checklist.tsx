import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { loadChunk } from '../../kernel/chunk';
import type { RouterApp } from '../../kernel/current-app';
import { onboardingQuery, type Onboarding } from './onboarding-api';

// The card is a chunk of its own, fetched only when the member has a checklist to see.
const Card = lazy(() =>
  loadChunk(() => import('./onboarding-checklist')).then((module) => ({
    default: module.OnboardingChecklistCard,
  })),
);

/** Whether the checklist shows: switched on, not hidden or finished, a step to do, and the caller's own. */
export const showsChecklist = (onboarding: Onboarding) =>
  onboarding.isEnabled &&
  !onboarding.isDismissed &&
  !onboarding.isCompleted &&
  onboarding.permissions.can.includes('dismiss') &&
  onboarding.steps.some((step) => step.isEnabled);

/**
 * The onboarding checklist for the app's start screen: one `GET …/onboarding` for a member viewing the app as
 * themselves (not a visitor, not an admin viewing it as someone else), and the card only when it shows.
 */
export function OnboardingChecklist({ app }: { app: RouterApp }) {
  const isOwnMember = app.viewer !== null && app.masqueradeProfileId === null;
  const query = useQuery({ ...onboardingQuery(app.id), enabled: isOwnMember, meta: { silent: true } });
  if (!isOwnMember || !query.data || !showsChecklist(query.data)) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <Card app={app} onboarding={query.data} />
    </Suspense>
  );
}
