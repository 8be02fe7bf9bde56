import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Member } from '../../../contracts/members';
import type { App } from '../../../contracts/apps';
import { CurrentAppContext, masqueradeProfileOf } from '../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch, testApp } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MemberPage } from './member-page';

const app: App = { ...testApp, permissions: { can: ['view', 'view_profiles', 'edit', 'settings_members'] } };
const id = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';

function memberWith(can: Member['permissions']['can'], overrides: Partial<Member> = {}): Member {
  return {
    id,
    accountId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e98',
    firstName: 'Lena',
    lastName: 'Vogel',
    email: 'lena@beispiel.de',
    avatarId: null,
    avatarUrl: null,
    type: 'member',
    isOwner: false,
    tags: [{ id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e97', name: 'Kursleitung', kind: null }],
    punishedUntil: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    moderates: null,
    permissions: { can },
    ...overrides,
  };
}

function renderMember(member: Member, follow = { isFollowing: false, followersCount: 3, followingCount: 1 }) {
  let state = follow;
  const fetchMock = stubFetch({
    [`GET /api/profiles/${id}`]: () => json(200, { data: member }),
    [`GET /api/profiles/${id}/follow`]: () => json(200, { data: state }),
    [`PATCH /api/profiles/${id}/follow`]: () => {
      state = { ...state, isFollowing: true, followersCount: state.followersCount + 1 };
      return json(200, { data: state });
    },
    [`POST /api/profiles/${id}/invitation`]: () => new Response(null, { status: 204 }),
  });
  const result = renderWithProviders(
    <CurrentAppContext value={app}>
      <MemberPage />
    </CurrentAppContext>,
    {
      path: '/:appSlug/m/:memberId',
      url: `/akademie/m/${id}`,
      host: 'app',
      routes: [{ path: '/:appSlug', element: <p data-testid="app-start">Start</p> }],
    },
  );
  return { ...result, fetchMock };
}

beforeEach(() => {
  window.sessionStorage.clear();
  signInForTest();
});

describe('member page', () => {
  it('shows the member and lets another member follow them', async () => {
    const { fetchMock } = renderMember(memberWith(['view', 'follow']));
    expect((await screen.findByTestId('member-name')).textContent).toBe('Lena Vogel');
    expect(screen.getByTestId('member-role').textContent).toBe('Mitglied');
    expect(screen.getByText('Kursleitung')).toBeTruthy();
    // Without admin abilities there is no menu at all.
    expect(screen.queryByTestId('member-actions')).toBeNull();
    fireEvent.click(await screen.findByTestId('follow'));
    expect(await screen.findByTestId('unfollow')).toBeTruthy();
    expect(screen.getByTestId('follow-counts').textContent).toContain('4');
    expect(callsTo(fetchMock, `PATCH /api/profiles/${id}/follow`)).toHaveLength(1);
  });

  it('lists only the admin actions the member’s abilities allow', async () => {
    renderMember(memberWith(['view', 'edit', 'masquerade']));
    fireEvent.click(await screen.findByTestId('member-actions'));
    expect(await screen.findByTestId('member-action-edit')).toBeTruthy();
    expect(screen.getByTestId('member-action-masquerade')).toBeTruthy();
    expect(screen.queryByTestId('member-action-resend')).toBeNull();
    expect(screen.queryByTestId('member-action-delete')).toBeNull();
    expect(screen.getByTestId('member-action-edit').getAttribute('href')).toBe(
      `/akademie/settings/members?profile=${id}`,
    );
  });

  it('resends an invitation to an invited person', async () => {
    const { fetchMock } = renderMember(
      memberWith(['view', 'resend_invitation', 'delete'], { type: 'invited' }),
    );
    fireEvent.click(await screen.findByTestId('member-actions'));
    fireEvent.click(await screen.findByTestId('member-action-resend'));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/profiles/${id}/invitation`)).toHaveLength(1));
    expect(screen.queryByTestId('follow')).toBeNull();
  });

  it('starts viewing the app as the member and goes to the app start', async () => {
    renderMember(memberWith(['view', 'masquerade']));
    fireEvent.click(await screen.findByTestId('member-actions'));
    fireEvent.click(await screen.findByTestId('member-action-masquerade'));
    expect(await screen.findByTestId('app-start')).toBeTruthy();
    expect(masqueradeProfileOf('akademie')).toBe(id);
  });
});
