import { describe, expect, it } from 'vitest';
import { articleVisible, helpdeskAbilities, type HelpdeskActor } from './helpdesk.policy.ts';

const actor = (overrides: Partial<HelpdeskActor>): HelpdeskActor => ({
  role: 'member',
  sanction: null,
  hasProfile: true,
  serviceOn: true,
  guestsMayRead: false,
  mayEdit: false,
  ...overrides,
});

describe('help-desk policy', () => {
  it('lets participants read and vote while the service is on, guests read only when let in', () => {
    expect(helpdeskAbilities(actor({}))).toEqual(['view', 'vote']);
    expect(helpdeskAbilities(actor({ role: 'moderator' }))).toEqual(['view', 'vote']);
    expect(helpdeskAbilities(actor({ role: 'guest', hasProfile: false }))).toEqual([]);
    expect(helpdeskAbilities(actor({ role: 'guest', hasProfile: false, guestsMayRead: true }))).toEqual([
      'view',
    ]);
    expect(helpdeskAbilities(actor({ role: 'invited', guestsMayRead: true }))).toEqual(['view']);
  });

  it('hides a switched-off help desk from all but the managers', () => {
    expect(helpdeskAbilities(actor({ serviceOn: false, guestsMayRead: true }))).toEqual([]);
    expect(helpdeskAbilities(actor({ role: 'admin', serviceOn: false, mayEdit: true }))).toEqual([
      'view',
      'vote',
      'edit',
    ]);
    expect(
      helpdeskAbilities(actor({ role: 'team', hasProfile: false, serviceOn: false, mayEdit: true })),
    ).toEqual(['view', 'edit']);
  });

  it('takes everything from the blocked and the vote from the punished', () => {
    expect(helpdeskAbilities(actor({ sanction: 'blocked' }))).toEqual([]);
    expect(helpdeskAbilities(actor({ role: 'owner', sanction: 'blocked', mayEdit: true }))).toEqual([]);
    expect(helpdeskAbilities(actor({ sanction: 'punished' }))).toEqual(['view']);
  });

  it('shows unpublished articles to editors only', () => {
    expect(articleVisible(['view', 'vote'], { isPublished: false })).toBe(false);
    expect(articleVisible(['view', 'vote'], { isPublished: true })).toBe(true);
    expect(articleVisible(['view', 'edit'], { isPublished: false })).toBe(true);
    expect(articleVisible([], { isPublished: true })).toBe(false);
  });
});
