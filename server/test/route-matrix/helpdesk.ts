import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the help desk (issue 20), written by hand from the rules
 * (docs/decisions/helpdesk.md) and not computed by helpdesk.policy.ts. The fixture's app keeps its `helpdesk`
 * service off (the default): only the app's managers, who may switch it on, see the help desk, its category and
 * its published article; they edit it (`create_article`), and vote when they have a profile (an app-managing
 * team member has none). Everyone else gets 404 — members too, as the service is off; a refused masquerade is
 * 403 on every app scope.
 */

export const helpdeskColumns = {
  helpdesk: 'helpdesk',
  'helpdesk category': 'helpdesk',
  'helpdesk article': 'helpdesk',
} as const;

export const helpdeskScopeColumns = {
  'helpdesk(:appId)': 'helpdesk',
  'helpdesk-category(:id)': 'helpdesk category',
  'helpdesk-article(:id)': 'helpdesk article',
} as const;

type HelpdeskHoldings = Partial<Record<keyof typeof helpdeskColumns, Outcome>>;

const every = (outcome: Outcome): HelpdeskHoldings => ({
  helpdesk: outcome,
  'helpdesk category': outcome,
  'helpdesk article': outcome,
});

const manager = every(['view', 'vote', 'edit']);
const managerWithoutProfile = every(['view', 'edit']);
const hidden = every('not-found');
const refused = every([]);

export const helpdeskHoldingsOf: Record<Role, HelpdeskHoldings> = {
  owner: manager,
  admin: manager,
  moderator: hidden,
  member: hidden,
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': hidden,
  'team member': managerWithoutProfile,
  'pending team member': hidden,
  'admin as member': hidden,
  'admin as owner': refused,
  'admin as admin': refused,
  'team member as owner': refused,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': managerWithoutProfile,
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
