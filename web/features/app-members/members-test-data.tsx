import type { ReactElement } from 'react';
import type { App } from '../../../contracts/apps';
import type { Member, MemberCounts } from '../../../contracts/members';
import type { Tag } from '../../../contracts/tags';
import { CurrentAppContext } from '../../kernel/current-app';
import { json, testApp, type Route } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

/** An app as an admin of it sees it (the member administration's abilities). */
export const adminApp: App = {
  ...testApp,
  isOwner: true,
  url: 'http://app.localhost:3000/akademie',
  permissions: {
    can: [
      'view',
      'edit',
      'view_profiles',
      'settings_members',
      'create_tag',
      'create_invitation',
      'view_invitations',
      'import_profiles',
      'moderation',
    ],
  },
  createdAt: '2025-01-01T00:00:00.000Z',
};

const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${String(n).padStart(12, '0')}`;

export const vipTag: Tag = {
  id: uuid(900),
  name: 'VIP',
  color: '#be4bdb',
  kind: null,
  profilesCount: 3,
  permissions: { can: ['edit', 'delete'] },
};
export const blockedTag: Tag = {
  id: uuid(901),
  name: 'blocked',
  color: '#e03131',
  kind: 'blocked',
  profilesCount: 1,
  permissions: { can: [] },
};
export const punishedTag: Tag = {
  id: uuid(902),
  name: 'punished',
  color: '#f08c00',
  kind: 'punished',
  profilesCount: 0,
  permissions: { can: [] },
};

export function member(n: number, overrides: Partial<Member> = {}): Member {
  return {
    id: uuid(n),
    accountId: uuid(n + 500),
    firstName: `Vorname${n}`,
    lastName: `Nachname${n}`,
    email: `person${n}@beispiel.de`,
    avatarId: null,
    avatarUrl: null,
    type: 'member',
    isOwner: false,
    tags: [],
    punishedUntil: null,
    createdAt: '2025-03-14T09:30:00.000Z',
    moderates: null,
    permissions: { can: ['edit', 'moderate', 'delete', 'follow'] },
    ...overrides,
  };
}

export const counts: MemberCounts = { member: 18, invited: 4, moderator: 1, admin: 2 };

export function memberList(
  members: Member[],
  meta: Partial<{ page: number; pages: number; total: number }> = {},
) {
  return json(200, {
    data: members,
    meta: { page: 1, pages: 1, total: members.length, counts, ...meta },
  });
}

/** `GET /apps/{appId}/tags` answering with the given tags (filtered by `tagIds` when asked). */
export function tagsRoute(tags: Tag[]): Route {
  return (_init, url) => {
    const ids = url.searchParams.get('tagIds')?.split(',');
    const data = ids ? tags.filter((tag) => ids.includes(tag.id)) : tags;
    return json(200, { data, meta: { page: 1, pages: 1, total: data.length } });
  };
}

export const paths = {
  profiles: `/api/apps/${adminApp.id}/profiles`,
  tags: `/api/apps/${adminApp.id}/tags`,
  invite: `/api/apps/${adminApp.id}/invite`,
};

export function renderInSettings(ui: ReactElement, subPath = '', query = '') {
  const path = `settings/members${subPath}`;
  return renderWithProviders(<CurrentAppContext value={adminApp}>{ui}</CurrentAppContext>, {
    path: `/:appSlug/${path}`,
    url: `/akademie/${path}${query}`,
    host: 'app',
  });
}
