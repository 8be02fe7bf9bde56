import { describe, expect, it } from 'vitest';
import type { AppRole, Sanction } from '../workspace/public.ts';
import { appAbilities } from '../workspace/public.ts';
import { eventAbilities, seesEvents, type EventsActor } from './events.policy.ts';

const actor = (role: AppRole, extra: Partial<EventsActor> = {}): EventsActor => ({
  role,
  sanction: null,
  profileId: role === 'guest' ? null : `p-${role}`,
  serviceOn: true,
  guestsMayView: false,
  viewsEvents: !['guest', 'invited'].includes(role),
  ...extra,
});
const event = (extra: Partial<Parameters<typeof eventAbilities>[1]> = {}) => ({
  access: 'auth' as const,
  authorProfileId: 'p-author',
  hostIds: ['p-host'],
  ...extra,
});
const organizer = ['view', 'join', 'leave', 'comment', 'edit', 'delete', 'export_attendees'];

describe('events policy', () => {
  it('gives members view, join, leave and comment; managers, the author and hosts also edit', () => {
    expect(eventAbilities(actor('member'), event())).toEqual(['view', 'join', 'leave', 'comment']);
    expect(eventAbilities(actor('moderator'), event())).toEqual(['view', 'join', 'leave', 'comment']);
    for (const role of ['owner', 'admin', 'team'] as const) {
      expect(eventAbilities(actor(role), event())).toEqual(organizer);
    }
    expect(eventAbilities(actor('member', { profileId: 'p-author' }), event())).toEqual(organizer);
    expect(eventAbilities(actor('member', { profileId: 'p-host' }), event())).toEqual(organizer);
  });

  it('keeps guests and invited people to free events when the service lets them look, read only', () => {
    expect(seesEvents(actor('guest'))).toBe(false);
    expect(eventAbilities(actor('guest'), event({ access: 'free' }))).toEqual([]);
    const guest = actor('guest', { guestsMayView: true });
    expect(eventAbilities(guest, event({ access: 'free' }))).toEqual(['view']);
    expect(eventAbilities(guest, event())).toEqual([]);
    const invited = actor('invited', { guestsMayView: true, profileId: 'p-host' });
    expect(eventAbilities(invited, event({ access: 'free' }))).toEqual(['view']);
  });

  it('takes everything from the blocked and leaves the punished only reading', () => {
    const sanctioned = (sanction: Sanction) => actor('member', { sanction, profileId: 'p-author' });
    expect(eventAbilities(sanctioned('blocked'), event())).toEqual([]);
    expect(eventAbilities(sanctioned('punished'), event())).toEqual(['view']);
  });

  it('shows a switched-off service to the managers only', () => {
    expect(seesEvents(actor('member', { serviceOn: false }))).toBe(false);
    expect(seesEvents(actor('admin', { serviceOn: false }))).toBe(true);
  });

  it("lets the settings' creators create events, and the app's abilities show it", () => {
    const can = (
      role: AppRole,
      eventCreators?: 'admins' | 'moderators' | 'members',
      sanction: Sanction = null,
    ) =>
      appAbilities({ role, sanction, masquerading: false, registrationOpen: false, eventCreators }).includes(
        'create_event',
      );
    expect(can('admin')).toBe(true);
    expect(can('member')).toBe(false);
    expect(can('moderator', 'moderators')).toBe(true);
    expect(can('member', 'members')).toBe(true);
    expect(can('member', 'members', 'punished')).toBe(false);
    expect(can('guest', 'members')).toBe(false);
  });
});
