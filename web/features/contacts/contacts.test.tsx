import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Contact, GeneralProfile } from '../../../contracts/contacts';
import { createRoutes } from '../../app/routes';
import { callsTo, json, signInForTest, stubFetch, urlOf } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { page, testProject } from '../../test/workspace-fixtures';

const project = testProject();
const profileId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5e11';
const lena: Contact = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5e01',
  avatarId: null,
  email: 'lena@beispiel.de',
  firstName: 'Lena',
  lastName: 'Sommer',
  source: 'invitation',
  createdAt: '2025-06-03T10:00:00.000Z',
  profiles: [
    {
      id: profileId,
      appId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5b01',
      appName: 'Yoga-Akademie',
      type: 'moderator',
      isOwner: false,
    },
  ],
  permissions: { can: ['view', 'delete'] },
};
const owner: Contact = {
  ...lena,
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5e02',
  email: 'anna@beispiel.de',
  firstName: 'Anna',
  lastName: 'Beispiel',
  source: 'owner',
  profiles: [],
  permissions: { can: ['view'] },
};
const general: GeneralProfile = {
  id: profileId,
  appId: lena.profiles[0]!.appId,
  firstName: 'Lena',
  lastName: 'Sommer',
  email: 'lena@beispiel.de',
  phone: '',
  location: 'Kiel',
  bio: '',
  timezone: null,
  language: null,
  createdAt: '2025-06-03T10:00:00.000Z',
  lastSeenAt: null,
  permissions: { can: ['edit'] },
};

function stubContacts(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`GET /api/projects/${project.id}`]: () => json(200, { data: project }),
    'GET /api/projects': () => json(200, page([project])),
    [`GET /api/projects/${project.id}/contacts`]: (_init, url) => {
      const search = url.searchParams.get('filter[search]');
      return json(200, page(search ? [lena].filter((c) => c.email.includes(search)) : [lena, owner]));
    },
    ...extra,
  });
}

// These render the whole route tree (lazy chunks included), which takes a while on a busy machine.
describe('contacts', { timeout: 20_000 }, () => {
  it('lists contacts with source and apps, searches and sorts through the server', async () => {
    signInForTest();
    const fetchMock = stubContacts();
    renderRoutes(createRoutes('service'), { url: `/projects/${project.id}/contacts` });

    const row = await screen.findByTestId('contact-lena@beispiel.de');
    expect(within(row).getByTestId('contact-source').textContent).toBe('Einladung');
    expect(row.textContent).toContain('Yoga-Akademie · Moderator');
    expect(screen.getByText('Ihr Projekt kennt 2 Personen – aus allen Apps zusammen.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: 'lena' } });
    await waitFor(() => expect(screen.queryByTestId('contact-anna@beispiel.de')).toBeNull());
    const urls = fetchMock.mock.calls.map(([input]) => decodeURIComponent(urlOf(input)));
    expect(urls.some((url) => url.includes('filter[search]=lena'))).toBe(true);
    expect(urls.every((url) => !url.includes('/contacts') || url.includes('limit=20'))).toBe(true);
  });

  it('deletes a contact after confirming, and offers no delete where it is not allowed', async () => {
    signInForTest();
    const fetchMock = stubContacts({
      [`DELETE /api/contacts/${lena.id}`]: () => new Response(null, { status: 204 }),
      [`GET /api/projects/${project.id}/usage`]: () => json(200, { data: project.usage }),
    });
    renderRoutes(createRoutes('service'), { url: `/projects/${project.id}/contacts` });

    // The owner's row has neither a profile to open nor a delete: no menu at all.
    const ownerRow = await screen.findByTestId('contact-anna@beispiel.de');
    expect(within(ownerRow).queryByTestId('contact-menu')).toBeNull();

    const row = screen.getByTestId('contact-lena@beispiel.de');
    fireEvent.click(within(row).getByTestId('contact-menu'));
    fireEvent.click(await screen.findByTestId('contact-delete'));
    fireEvent.click(await screen.findByTestId('contact-confirm-confirm'));
    await waitFor(() => expect(callsTo(fetchMock, `DELETE /api/contacts/${lena.id}`)).toHaveLength(1));
  });

  it('opens the general profile of the first app profile and saves only what changed', async () => {
    signInForTest();
    const fetchMock = stubContacts({
      [`GET /api/profiles/${profileId}/general`]: () => json(200, { data: general }),
      [`PATCH /api/profiles/${profileId}/general`]: () =>
        json(200, { data: { ...general, phone: '+49 40 123456' } }),
      'GET /api/timezones': () => json(200, { data: [{ tzCode: 'Europe/Berlin', utc: '+01:00' }] }),
    });
    const { router } = renderRoutes(createRoutes('service'), { url: `/projects/${project.id}/contacts` });

    fireEvent.click(await screen.findByTestId('contact-lena@beispiel.de'));
    expect(await screen.findByTestId('contact-profile-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/projects/${project.id}/contacts/${profileId}`);

    fireEvent.change(screen.getByTestId('general-phone'), { target: { value: '+49 40 123456' } });
    fireEvent.click(screen.getByTestId('general-save'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/profiles/${profileId}/general`)).toEqual([
        { phone: '+49 40 123456' },
      ]),
    );
  });
});
