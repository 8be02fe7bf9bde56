import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the calls on one moderation inbox item (issue 16, `moderation-item(:id)`),
 * written by hand from the rules (docs/decisions/notifications.md "Moderation") and not computed by
 * moderation.policy.ts. The fixture's item is a reported post of the open space; no matrix role moderates that
 * space by name, so the app's moderator (whose inbox holds the spaces they moderate) does not see it. The app's
 * managers reach every item; members hold no inbox (403); whoever has no role in the app gets 404, as does a
 * refused masquerade's 403 on every app scope. The app-level calls (`app-members(:appId)`) are the member
 * area's column.
 */

export const moderationColumns = { 'moderation item': 'app' } as const;

export const moderationScopeColumns = { 'moderation-item(:id)': 'moderation item' } as const;

type ModerationHoldings = Partial<Record<keyof typeof moderationColumns, Outcome>>;

const decides: ModerationHoldings = { 'moderation item': ['moderation'] };
const noInbox: ModerationHoldings = { 'moderation item': [] };
const hidden: ModerationHoldings = { 'moderation item': 'not-found' };

export const moderationHoldingsOf: Record<Role, ModerationHoldings> = {
  owner: decides,
  admin: decides,
  moderator: hidden,
  member: noInbox,
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': noInbox,
  'punished member': noInbox,
  'team member': decides,
  'pending team member': hidden,
  'admin as member': noInbox,
  'admin as owner': noInbox,
  'admin as admin': noInbox,
  'team member as owner': noInbox,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': decides,
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
