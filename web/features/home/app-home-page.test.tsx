import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../contracts/apps';
import { setLanguage } from '../../i18n/i18n';
import { AppViewerContext, type AppViewerPerson } from '../../kernel/app-viewer';
import { CurrentAppContext } from '../../kernel/current-app';
import { json, signInForTest, stubFetch, testApp, testAccount } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AppHomePage } from './app-home-page';

const viewerId = '0190f5a2-7c1e-7b4e-9a55-00000000aa09';
const app: App = {
  ...testApp,
  permissions: { can: ['view', 'view_profiles', 'cloud'] },
  viewer: {
    profileId: viewerId,
    sanction: null,
    punishedUntil: null,
    language: null,
    timezone: null,
    avatarUrl: null,
  },
};

const member = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `0190f5a2-7c1e-7b4e-9a55-00000000aa0${n}`,
  accountId: `0190f5a2-7c1e-7b4e-9a55-00000000ab0${n}`,
  firstName: `Vorname${n}`,
  lastName: `Nachname${n}`,
  email: null,
  avatarId: null,
  avatarUrl: null,
  type: 'member',
  isOwner: false,
  tags: [],
  punishedUntil: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  moderates: null,
  permissions: { can: [] },
  ...overrides,
});

function stubHome() {
  return stubFetch({
    [`GET /api/projects/${app.projectId}/cloud/folders/content`]: () =>
      json(200, {
        data: [
          {
            id: '0190f5a2-7c1e-7b4e-9a55-00000000ac01',
            name: 'Sonnengruss.jpg',
            isFolder: false,
            isDeleted: false,
            isFavorite: false,
            parentId: null,
            fileInfo: null,
            url: null,
            thumbnails: null,
            type: 'image',
            extension: 'jpg',
            status: null,
            encodeProgress: null,
            durationMs: null,
            isCustomThumbnail: false,
            thumbId: null,
            createdAt: '2026-03-14T09:30:00.000Z',
            updatedAt: '2026-03-14T09:30:00.000Z',
            deletedAt: null,
            permissions: { can: ['view'] },
          },
        ],
        meta: { page: 1, pages: 1, total: 1 },
      }),
    [`GET /api/apps/${app.id}/profiles`]: () =>
      json(200, {
        data: [member(1), member(2, { type: 'invited' }), { ...member(3), id: viewerId }],
        meta: { page: 1, pages: 1, total: 3, counts: { member: 2, invited: 1, moderator: 0, admin: 0 } },
      }),
    [`GET /api/apps/${app.id}/profile`]: () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    [`GET /api/apps/${app.id}/custom-fields`]: () =>
      json(200, { data: [], meta: { page: 1, pages: 1, total: 0 } }),
    // The onboarding checklist (its own tests: features/onboarding), hidden here.
    [`GET /api/apps/${app.id}/onboarding`]: () =>
      json(200, {
        isEnabled: true,
        welcomeText: '',
        steps: [],
        isDismissed: true,
        isCompleted: false,
        permissions: { can: ['dismiss'] },
      }),
  });
}

function renderHome(person: AppViewerPerson = { ...testAccount, avatarUrl: null }) {
  return renderWithProviders(
    <CurrentAppContext value={app}>
      <AppViewerContext value={person}>
        <AppHomePage />
      </AppViewerContext>
    </CurrentAppContext>,
    { path: '/:appSlug', url: '/akademie', host: 'app' },
  );
}

describe('app home', { timeout: 20_000 }, () => {
  it('greets the member and shows their latest files and members to meet', async () => {
    signInForTest();
    stubHome();
    renderHome();
    expect(screen.getByTestId('home-greeting').textContent).toBe('Schön, dass Sie da sind, Anna');
    const files = await screen.findByTestId('home-recent-files');
    expect(await within(files).findByText('Sonnengruss.jpg')).toBeTruthy();
    expect(within(files).getByText('14.03.2026')).toBeTruthy();
    const members = await screen.findByTestId('home-members');
    expect(await within(members).findByText('Vorname1 Nachname1')).toBeTruthy();
    // Neither people still invited nor the viewer themself.
    expect(within(members).queryByText('Vorname2 Nachname2')).toBeNull();
    expect(within(members).queryByText('Vorname3 Nachname3')).toBeNull();
  });

  it('greets the member an admin views the app as, in English too', async () => {
    signInForTest();
    stubHome();
    await setLanguage('en', { persist: false });
    renderHome({ firstName: 'Lena', lastName: 'Vogel', email: '', avatarUrl: null });
    expect(screen.getByTestId('home-greeting').textContent).toBe('Good to see you, Lena');
    const files = await screen.findByTestId('home-recent-files');
    expect(within(files).getByText('Your latest files')).toBeTruthy();
    expect(await within(files).findByText('Mar 14, 2026')).toBeTruthy();
  });
});
