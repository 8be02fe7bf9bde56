import { eq } from 'drizzle-orm';
import { rewardsSettingsSchema, type RewardsSettings } from '../../../contracts/gamification.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { gamificationStatuses } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { servicesOf } from '../apps/public.ts';
import type { UrlSign } from '../cloud/public.ts';
import {
  isAppManager,
  loadAppAccess,
  paramOf,
  type AccessScopes,
  type AppAccess,
} from '../workspace/public.ts';

/*
 * The caller as the gamification sees them, and its route scopes (docs/decisions/gamification.md "Rules"):
 *   - the managers (owner, admins, the app-managing team) always see it, the `rewards` service on or off, so
 *     they set rules, levels and top-ups up before switching it on;
 *   - with the service on, the app's members see it (and guests and invited people when its
 *     `isVisibleToGuests` setting is on); off, it is 404 to them;
 *   - a blocked member sees nothing. The app's abilities decide the rest (`rewards`, `spend_points`,
 *     `create_gamification_rule`): the route declares which.
 */

export type StatusRow = typeof gamificationStatuses.$inferSelect;

export type GamificationView = {
  app: AppAccess;
  rewardsOn: boolean;
  isManager: boolean;
  settings: RewardsSettings;
  /** The profile the caller acts as (their own or the masqueraded member's); null without one. */
  profileId: string | null;
};

/** The app's rewards settings over their defaults (a stored value a newer schema refuses falls back). */
export function rewardsSettingsOf(app: AppAccess['app']): RewardsSettings {
  const parsed = rewardsSettingsSchema.safeParse(app.serviceSettings.rewards ?? {});
  return parsed.success ? parsed.data : rewardsSettingsSchema.parse({});
}

export function gamificationViewOf(app: AppAccess): GamificationView {
  return {
    app,
    rewardsOn: servicesOf(app.app.options).rewards,
    isManager: isAppManager(app) && app.sanction !== 'blocked',
    settings: rewardsSettingsOf(app.app),
    profileId: app.profile?.id ?? null,
  };
}

/** Whether the caller sees the gamification of the app at all (else 404 everywhere in it). */
export function seesGamification(view: GamificationView): boolean {
  const { app } = view;
  if (app.sanction === 'blocked') {
    return false;
  }
  if (view.isManager) {
    return true;
  }
  const isMember = view.profileId !== null && app.role !== 'guest' && app.role !== 'invited';
  return view.rewardsOn && app.can.includes('view') && (isMember || view.settings.isVisibleToGuests);
}

function visibleView(app: AppAccess): GamificationView {
  const view = gamificationViewOf(app);
  if (!seesGamification(view)) {
    throw notFound();
  }
  return view;
}

export type StatusAccess = GamificationView & { status: StatusRow };

async function loadStatusAccess(db: DbOrTx, actor: Actor, id: string): Promise<StatusAccess> {
  const [status] = await db.select().from(gamificationStatuses).where(eq(gamificationStatuses.id, id));
  if (!status) {
    throw notFound();
  }
  return { ...visibleView(await loadAppAccess(db, actor, status.appId)), status };
}

export type GamificationScopes = ReturnType<typeof createGamificationScopes>;

export function createGamificationScopes(db: DbOrTx) {
  const appAbilities = (access: GamificationView) => access.app.can.map((name) => `app:${name}`);
  return {
    /** The app of `:appId` for the gamification: 404 when it is not the caller's to see. */
    app(param = 'appId'): RouteScope<GamificationView> {
      return {
        label: `gamification-app(:${param})`,
        subjects: ['app'],
        resolve: async (request) =>
          visibleView(await loadAppAccess(db, request.actor, paramOf(request, param))),
        abilities: appAbilities,
      };
    },
    /** A level (status) of `:id` in its app: the app's abilities decide (levels are the app's settings). */
    status(param = 'id'): RouteScope<StatusAccess> {
      return {
        label: `status(:${param})`,
        subjects: ['app'],
        resolve: (request) => loadStatusAccess(db, request.actor, paramOf(request, param)),
        abilities: appAbilities,
      };
    },
  };
}

/** What the gamification's routes are built from (index.ts). */
export type GamificationDeps = {
  db: Db;
  scopes: GamificationScopes;
  /** The workspace's scopes (the levels beside names read the app as everyone sees it). */
  access: AccessScopes;
  sign: UrlSign;
};
