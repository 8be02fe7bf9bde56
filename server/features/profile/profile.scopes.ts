import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { findLiveAccountById, type AccountRow } from '../auth/public.ts';
import { paramOf, type ProfileRow } from '../workspace/public.ts';
import { canSeeProfile, ownProfileAbilities } from './profile.policy.ts';
import { findLiveProfileOfAccount, type ProfileWithApp } from './profile.repo.ts';

export type OwnProfileAccess = {
  /** The signed-in caller: its session is the one the app's logout ends; contact changes go by the account. */
  actor: Extract<Actor, { kind: 'account' }>;
  account: AccountRow;
  profile: ProfileRow;
  app: ProfileWithApp['app'];
};

/**
 * The caller's own live profile in the app of `:appId`: 401 when the account is gone, 404 when it has no
 * profile there — the same answer whether or not the app exists. Masquerade plays no part: this is always
 * the caller's own profile.
 */
export function ownProfileScope(db: Db, param = 'appId'): RouteScope<OwnProfileAccess> {
  return {
    label: `own-profile(:${param})`,
    subjects: ['profile'],
    async resolve(request) {
      const { actor } = request;
      const account = actor.kind === 'account' ? await findLiveAccountById(db, actor.accountId) : undefined;
      if (actor.kind !== 'account' || !account) {
        throw unauthorized();
      }
      const found = await findLiveProfileOfAccount(db, paramOf(request, param), account.id);
      if (!found || !canSeeProfile({ accountId: account.id }, found.profile)) {
        throw notFound();
      }
      return { actor, account, profile: found.profile, app: found.app };
    },
    abilities: ({ account, profile }) =>
      ownProfileAbilities({ accountId: account.id }, profile).map((ability) => `profile:${ability}`),
  };
}
