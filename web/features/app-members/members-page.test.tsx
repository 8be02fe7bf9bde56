import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, json, signInForTest, stubFetch, urlOf, type Route } from '../../test/fixtures';
import { MembersPage } from './members-page';
import {
  adminApp,
  blockedTag,
  member,
  memberList,
  paths,
  renderInSettings,
  tagsRoute,
  vipTag,
} from './members-test-data';

/** The query strings the list was asked with, in order. */
function listQueries(fetchMock: ReturnType<typeof stubFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === paths.profiles)
    .map((url) => url.searchParams);
}

describe('members list', () => {
  it('shows the counts per member type as tabs and asks for the chosen type', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${paths.profiles}`]: () =>
        memberList(
          [
            member(1, {
              tags: [
                { id: vipTag.id, name: 'VIP', kind: null },
                { id: blockedTag.id, name: 'blocked', kind: 'blocked' },
              ],
            }),
          ],
          { total: 25, pages: 2 },
        ),
      [`GET ${paths.tags}`]: tagsRoute([vipTag, blockedTag]),
    });
    renderInSettings(<MembersPage />);

    const row = await screen.findByTestId(`member-row-${member(1).id}`);
    expect(within(row).getByText('Vorname1 Nachname1')).toBeTruthy();
    expect(within(row).getByText('person1@beispiel.de')).toBeTruthy();
    expect(within(row).getByText('14.03.2025')).toBeTruthy();
    // The default tag shows in the screen's language.
    expect(within(row).getByText('Gesperrt')).toBeTruthy();
    expect(screen.getByTestId('role-count-all').textContent).toBe('25');
    expect(screen.getByTestId('role-count-member').textContent).toBe('18');
    expect(screen.getByTestId('role-count-invited').textContent).toBe('4');
    expect(screen.getByTestId('role-count-moderator').textContent).toBe('1');
    expect(screen.getByTestId('role-count-admin').textContent).toBe('2');
    expect(screen.getByTestId('list-range').textContent).toBe('1–20 von 25');

    fireEvent.click(screen.getByTestId('role-tab-moderator'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('role')).toBe('moderator'));
    expect(screen.getByTestId('role-tab-moderator').getAttribute('aria-selected')).toBe('true');
    expect(listQueries(fetchMock)[0]?.get('role')).toBeNull();
  }, 15_000);

  it('shows when invited people were invited, not since when they are members', async () => {
    signInForTest();
    const invited = member(2, { type: 'invited' });
    stubFetch({
      [`GET ${paths.profiles}`]: () => memberList([member(1), invited]),
      [`GET ${paths.tags}`]: tagsRoute([]),
    });
    renderInSettings(<MembersPage />);
    const row = await screen.findByTestId(`member-row-${invited.id}`);
    expect(within(row).getByText('eingeladen am 14.03.2025')).toBeTruthy();
    expect(within(screen.getByTestId(`member-row-${member(1).id}`)).getByText('14.03.2025')).toBeTruthy();
  });

  it('searches only once the typing has paused for half a second', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${paths.profiles}`]: () => memberList([member(1)]),
      [`GET ${paths.tags}`]: tagsRoute([]),
    });
    renderInSettings(<MembersPage />);
    await screen.findByTestId(`member-row-${member(1).id}`);
    const search = screen.getByTestId('member-search');
    fireEvent.change(search, { target: { value: 'an' } });
    fireEvent.change(search, { target: { value: 'anna' } });
    expect(listQueries(fetchMock).some((query) => query.has('search'))).toBe(false);
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('search')).toBe('anna'));
    expect(listQueries(fetchMock).filter((query) => query.has('search'))).toHaveLength(1);
  });

  it('takes the filter from the address and opens the admin form for ?profile=', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${paths.profiles}`]: () => memberList([member(1), member(2)]),
      [`GET ${paths.tags}`]: tagsRoute([vipTag, blockedTag]),
    });
    renderInSettings(<MembersPage />, '', `?tags=${vipTag.id}&invited=0&profile=${member(2).id}`);
    const form = await screen.findByTestId('member-admin-form');
    expect(within(form).getByText('Vorname2 Nachname2')).toBeTruthy();
    const query = listQueries(fetchMock)[0];
    expect(query?.get('tagIds')).toBe(vipTag.id);
    expect(query?.get('invited')).toBe('false');
    expect(await screen.findByTestId('filter-chips')).toBeTruthy();
  }, 15_000);
});

describe('community moderation in the admin form', () => {
  const yoga = { id: '0190f5a2-7c1e-7b4e-9a55-000000007001', name: 'Yoga-Gruppe', slug: 'yoga-gruppe' };
  const laufen = { id: '0190f5a2-7c1e-7b4e-9a55-000000007002', name: 'Laufgruppe', slug: 'laufgruppe' };
  const community = `/api/apps/${adminApp.id}/community`;
  /** The groups dropdown: by `ids=` only those, else the 15 matching `search`. */
  const groupsRoute: Route = (_init, url) => {
    const ids = url.searchParams.get('ids')?.split(',');
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const data = [yoga, laufen].filter((group) =>
      ids ? ids.includes(group.id) : group.name.toLowerCase().includes(search),
    );
    return json(200, { data, meta: { page: 1, pages: 1, total: data.length } });
  };
  const noSpaces: Route = () => json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } });

  it('shows the moderated group by name and saves its removal', async () => {
    signInForTest();
    const moderator = member(2, { moderates: { groupIds: [yoga.id], spaceIds: [] } });
    const fetchMock = stubFetch({
      [`GET ${paths.profiles}`]: () => memberList([member(1), moderator]),
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`GET ${community}/groups/dropdown`]: groupsRoute,
      [`GET ${community}/spaces/dropdown`]: noSpaces,
      [`PATCH /api/profiles/${moderator.id}`]: () =>
        json(200, { data: { ...moderator, moderates: { groupIds: [], spaceIds: [] } } }),
    });
    renderInSettings(<MembersPage />, '', `?profile=${moderator.id}`);
    const section = await screen.findByTestId('member-community-moderation');
    expect(within(section).getByText('Moderation in der Community')).toBeTruthy();
    // The chosen group was asked for by id: its name shows on the pill, not a placeholder.
    const pill = { selector: '.mantine-Pill-label' };
    expect(await within(section).findByText('Yoga-Gruppe', pill)).toBeTruthy();
    expect(screen.getByTestId('member-save').hasAttribute('disabled')).toBe(true);

    fireEvent.keyDown(screen.getByTestId('member-moderated-groups'), { key: 'Backspace' });
    await waitFor(() => expect(within(section).queryByText('Yoga-Gruppe', pill)).toBeNull());
    fireEvent.click(screen.getByTestId('member-save'));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH /api/profiles/${moderator.id}`)).toHaveLength(1));
    // Only what changed: the spaces stay out of the body.
    expect(callsTo(fetchMock, `PATCH /api/profiles/${moderator.id}`)[0]).toEqual({ moderatorGroupIds: [] });
  }, 15_000);

  it('leaves the section out when the answer does not say what the member moderates', async () => {
    signInForTest();
    stubFetch({
      [`GET ${paths.profiles}`]: () => memberList([member(1), member(2)]),
      [`GET ${paths.tags}`]: tagsRoute([]),
    });
    renderInSettings(<MembersPage />, '', `?profile=${member(2).id}`);
    await screen.findByTestId('member-admin-form');
    expect(screen.queryByTestId('member-community-moderation')).toBeNull();
  });
});

describe('member row actions', () => {
  const openMenu = async (id: string) => {
    fireEvent.click(await screen.findByTestId(`member-menu-${id}`));
    return screen.findByTestId('member-menu');
  };

  it('lists only the actions the caller may take on that member', async () => {
    signInForTest();
    const admin = member(1);
    const owner = member(2, { isOwner: true, type: 'admin', permissions: { can: [] } });
    const invited = member(3, { type: 'invited', permissions: { can: ['resend_invitation', 'moderate'] } });
    stubFetch({
      [`GET ${paths.profiles}`]: () => memberList([admin, owner, invited]),
      [`GET ${paths.tags}`]: tagsRoute([]),
    });
    renderInSettings(<MembersPage />);

    let menu = await openMenu(admin.id);
    expect(within(menu).getByTestId('member-action-edit')).toBeTruthy();
    expect(within(menu).getByTestId('member-action-remove')).toBeTruthy();
    expect(within(menu).queryByTestId('member-action-resend')).toBeNull();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('member-menu')).toBeNull());

    menu = await openMenu(owner.id);
    expect(within(menu).queryByTestId('member-action-edit')).toBeNull();
    expect(within(menu).queryByTestId('member-action-remove')).toBeNull();
    expect(within(menu).getByTestId('member-action-view')).toBeTruthy();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('member-menu')).toBeNull());

    menu = await openMenu(invited.id);
    expect(within(menu).getByTestId('member-action-resend')).toBeTruthy();
    // Moderating is enough to open the form (for the sanctions); invited people have no member page yet.
    expect(within(menu).getByTestId('member-action-edit')).toBeTruthy();
    expect(within(menu).queryByTestId('member-action-view')).toBeNull();
    expect(within(menu).queryByTestId('member-action-remove')).toBeNull();
  }, 15_000);

  it('removes a member only after the confirmation', async () => {
    signInForTest();
    const target = member(1);
    let removed = 0;
    stubFetch({
      [`GET ${paths.profiles}`]: () => memberList(removed ? [] : [target]),
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`DELETE /api/profiles/${target.id}`]: () => {
        removed += 1;
        return new Response(null, { status: 204 });
      },
    });
    renderInSettings(<MembersPage />);
    fireEvent.click(within(await openMenu(target.id)).getByTestId('member-action-remove'));
    expect(await screen.findByText('Mitglied entfernen?')).toBeTruthy();
    expect(removed).toBe(0);
    fireEvent.click(screen.getByTestId('member-remove-confirm'));
    expect(await screen.findByText('Vorname1 Nachname1 wurde entfernt.')).toBeTruthy();
    expect(removed).toBe(1);
    expect(await screen.findByText('Noch keine Mitglieder')).toBeTruthy();
  });
});
