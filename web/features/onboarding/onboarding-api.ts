import { queryOptions } from '@tanstack/react-query';
import { onboardingSchema, type Onboarding, type UpdateOnboardingBody } from '../../../contracts/onboarding';
import { api } from '../../api/client';

export type { Onboarding };

/** The onboarding of one app: the checklist with the caller's progress, and the team's settings. */
export const onboardingKeys = {
  all: (appId: string) => ['onboarding', appId] as const,
};

/** NOTIFICATIONS-ONBOARDING-05: the checklist (settings, steps in order, the caller's progress, abilities). */
export const onboardingQuery = (appId: string) =>
  queryOptions({
    queryKey: onboardingKeys.all(appId),
    queryFn: ({ signal }) => api.get(`/apps/${appId}/onboarding`, { schema: onboardingSchema, signal }),
  });

export const onboardingApi = {
  /** NOTIFICATIONS-ONBOARDING-06: what changed; `steps` is always the whole list in its new order. */
  update: (appId: string, changes: UpdateOnboardingBody): Promise<Onboarding> =>
    api.patch(`/apps/${appId}/onboarding`, { body: changes, schema: onboardingSchema }),

  /** The member hides the checklist for good. */
  dismiss: async (appId: string): Promise<void> => {
    await api.post(`/apps/${appId}/onboarding/dismiss`);
  },
};
