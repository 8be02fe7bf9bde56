import { sql } from 'drizzle-orm';
import {
  onboardingStepKeyValues,
  type Onboarding,
  type OnboardingStepKey,
  type UpdateOnboardingBody,
} from '../../../contracts/onboarding.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppAccess } from '../workspace/public.ts';

/*
 * The onboarding checklist (issue 16). The team chooses the steps, their order and wording; whether a member
 * did a step is read from what they did, in one query, so it cannot drift from the truth.
 */

type StoredStep = { key: string; isEnabled: boolean; title?: string; description?: string };
type Settings = { isEnabled: boolean; welcomeText: string; steps: StoredStep[] };

async function rows<Row>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const defaultSteps = (): StoredStep[] => onboardingStepKeyValues.map((key) => ({ key, isEnabled: true }));

/** The stored steps in their order, known keys only, with any step added since at the end (enabled). */
function normalisedSteps(stored: StoredStep[] | null): StoredStep[] {
  const known = (stored ?? defaultSteps()).filter((step) =>
    (onboardingStepKeyValues as readonly string[]).includes(step.key),
  );
  const missing = onboardingStepKeyValues
    .filter((key) => !known.some((step) => step.key === key))
    .map((key) => ({ key, isEnabled: true }));
  return [...known, ...missing];
}

async function settingsOf(db: DbOrTx, appId: string): Promise<Settings> {
  const [row] = await rows<{
    is_enabled: boolean;
    welcome_text: string;
    steps: StoredStep[] | string | null;
  }>(db, sql`select is_enabled, welcome_text, steps from onboarding_settings where app_id = ${appId}`);
  const steps =
    typeof row?.steps === 'string' ? (JSON.parse(row.steps) as StoredStep[]) : (row?.steps ?? null);
  return {
    isEnabled: row?.is_enabled ?? true,
    welcomeText: row?.welcome_text ?? '',
    steps: normalisedSteps(steps),
  };
}

type Done = Record<OnboardingStepKey, boolean> & { dismissed: boolean };

async function doneOf(db: DbOrTx, profileId: string): Promise<Done> {
  const [row] = await rows<Record<OnboardingStepKey | 'dismissed', boolean>>(
    db,
    sql`select
      (p.avatar_id is not null and p.bio <> '') as complete_profile,
      exists (select 1 from community_space_members m where m.profile_id = p.id and m.status = 'active') as join_space,
      exists (select 1 from community_posts cp where cp.author_profile_id = p.id and cp.deleted_at is null
        and cp.published_at is not null) as introduce_yourself,
      exists (select 1 from comments c where c.author_profile_id = p.id and not c.is_deleted) as first_comment,
      exists (select 1 from push_subscriptions s where s.profile_id = p.id) as enable_notifications,
      exists (select 1 from onboarding_progress o where o.profile_id = p.id and o.key = 'dismissed') as dismissed
      from profiles p where p.id = ${profileId}`,
  );
  return {
    complete_profile: row?.complete_profile ?? false,
    join_space: row?.join_space ?? false,
    introduce_yourself: row?.introduce_yourself ?? false,
    first_comment: row?.first_comment ?? false,
    enable_notifications: row?.enable_notifications ?? false,
    dismissed: row?.dismissed ?? false,
  };
}

export function createOnboardingService(deps: { db: Db }) {
  const { db } = deps;

  /** Members see their checklist and the team its settings; anyone else finds nothing (404). */
  async function read(access: AppAccess): Promise<Onboarding> {
    if (!access.profile && !access.can.includes('onboarding')) {
      throw notFound();
    }
    const settings = await settingsOf(db, access.app.id);
    const done = access.profile ? await doneOf(db, access.profile.id) : undefined;
    const steps = settings.steps.map((step) => ({
      key: step.key as OnboardingStepKey,
      isEnabled: step.isEnabled,
      title: step.title ?? '',
      description: step.description ?? '',
      isDone: done?.[step.key as OnboardingStepKey] ?? false,
    }));
    const enabled = steps.filter((step) => step.isEnabled);
    const isCompleted = done !== undefined && enabled.every((step) => step.isDone);
    const can: Onboarding['permissions']['can'] = [];
    if (access.can.includes('onboarding')) {
      can.push('edit');
    }
    if (access.profile) {
      can.push('dismiss');
    }
    return {
      isEnabled: settings.isEnabled,
      welcomeText: settings.welcomeText,
      steps,
      isDismissed: (done?.dismissed ?? false) || isCompleted,
      isCompleted,
      permissions: { can },
    };
  }

  return {
    read,

    async update(access: AppAccess, input: UpdateOnboardingBody): Promise<Onboarding> {
      const current = await settingsOf(db, access.app.id);
      const next: Settings = {
        isEnabled: input.isEnabled ?? current.isEnabled,
        welcomeText: input.welcomeText ?? current.welcomeText,
        steps: input.steps ? normalisedSteps(input.steps) : current.steps,
      };
      await db.execute(sql`insert into onboarding_settings (app_id, is_enabled, welcome_text, steps, updated_at)
        values (${access.app.id}, ${next.isEnabled}, ${next.welcomeText}, ${JSON.stringify(next.steps)}::jsonb, now())
        on conflict (app_id) do update set is_enabled = excluded.is_enabled, welcome_text = excluded.welcome_text,
          steps = excluded.steps, updated_at = now()`);
      return read(access);
    },

    /** The member hides the checklist for good. */
    async dismiss(access: AppAccess): Promise<void> {
      if (!access.profile) {
        throw notFound();
      }
      await db.execute(sql`insert into onboarding_progress (profile_id, key) values (${access.profile.id}, 'dismissed')
        on conflict do nothing`);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
