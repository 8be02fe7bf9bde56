import { appAdmin, appMember, appModerator, appOwner, appRead } from '../expected-abilities.ts';
import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the gamification (issue 21), written by hand from the rules
 * (server/features/gamification/gamification.access.ts's comment, docs/decisions/gamification.md "Rules") and
 * not computed by them. The fixture switches the `rewards` service on (closed to guests) and adds one level.
 * Members, moderators and managers see the gamification with the app's abilities (`rewards`, `spend_points`,
 * `create_gamification_rule` among them); a punished member keeps reading (`rewards`, not `spend_points`);
 * guests, invited people, strangers and blocked members get 404; a refused masquerade is 403.
 *
 *   gamification app   `gamification-app(:appId)` and a level, `status(:id)`: the app's abilities, for whoever
 *                      sees the gamification.
 */

export const gamificationColumns = { 'gamification app': 'app' } as const;

export const gamificationScopeColumns = {
  'gamification-app(:appId)': 'gamification app',
  'status(:id)': 'gamification app',
} as const;

type GamificationHoldings = Partial<Record<keyof typeof gamificationColumns, Outcome>>;

const sees = (app: readonly string[]): GamificationHoldings => ({ 'gamification app': app });
const hidden: GamificationHoldings = { 'gamification app': 'not-found' };
const refused = sees([]);

export const gamificationHoldingsOf: Record<Role, GamificationHoldings> = {
  owner: sees(appOwner),
  admin: sees(appAdmin),
  moderator: sees(appModerator),
  member: sees(appMember),
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': sees(appRead),
  'team member': sees(appAdmin),
  'pending team member': hidden,
  'admin as member': sees(appMember),
  'admin as owner': refused,
  'admin as admin': refused,
  'team member as owner': refused,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': sees(appAdmin),
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
