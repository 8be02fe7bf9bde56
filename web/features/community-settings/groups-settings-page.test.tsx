import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Group, Space } from '../../../contracts/community-spaces';
import type { RouterApp } from '../../../contracts/router';
import { CurrentAppContext } from '../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch, testApp } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { GroupsSettingsPage } from './groups-settings-page';

const app: RouterApp = {
  ...testApp,
  permissions: { can: ['view', 'edit', 'create_group', 'sort_groups', 'create_space'] },
};
const id = (tail: string) => `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e${tail}`;

function space(tail: string, name: string, groupId: string, access: Space['access'] = 'open'): Space {
  return {
    id: id(tail),
    type: 'posts',
    groupId,
    name,
    slug: name.toLowerCase(),
    description: '',
    access,
    preModeration: false,
    requiredLevel: null,
    requiredStatusId: null,
    rules: '',
    cover: null,
    mobileCover: null,
    defaultSort: 'latest',
    defaultTab: 'posts',
    displayView: 'feed',
    visibleTabs: ['posts', 'members', 'rules'],
    moderatorProfiles: [],
    membersCount: 4,
    postsCount: 2,
    position: 1,
    membership: null,
    permissions: { can: ['view', 'edit', 'delete'] },
  };
}

function group(tail: string, name: string, spaces: [string, string, Space['access']?][]): Group {
  return {
    id: id(tail),
    name,
    slug: name.toLowerCase(),
    description: '',
    cover: null,
    position: 1,
    spaces: spaces.map(([spaceTail, spaceName, access]) => space(spaceTail, spaceName, id(tail), access)),
    moderators: [],
    permissions: { can: ['view', 'edit', 'delete', 'create_space'] },
  };
}

const welcome = group('10', 'Willkommen', [
  ['11', 'Start'],
  ['12', 'Fragen'],
  ['13', 'Intern', 'private'],
]);
const courses = group('20', 'Kurse', []);
const list = (groups: Group[]) => () =>
  json(200, { data: groups, meta: { page: 1, pages: 1, total: groups.length } });

function renderPage() {
  signInForTest();
  return renderWithProviders(
    <CurrentAppContext value={app}>
      <GroupsSettingsPage />
    </CurrentAppContext>,
  );
}

const spaceNames = (card: HTMLElement) =>
  within(card)
    .getAllByTestId('space-row')
    .map((row) => row.querySelector('a, span')?.textContent);

describe('groups settings', () => {
  it('shows each group with its spaces and their access', async () => {
    stubFetch({ [`GET /api/apps/${app.id}/community/groups`]: list([welcome, courses]) });
    renderPage();
    const [first, second] = await screen.findAllByTestId('group-card');
    expect(within(first!).getByRole('heading', { name: 'Willkommen' })).toBeTruthy();
    expect(spaceNames(first!)).toEqual(['Start', 'Fragen', 'Intern']);
    expect(within(first!).getByText('Privat')).toBeTruthy();
    expect(within(second!).getByText('Diese Gruppe hat noch keine Räume.')).toBeTruthy();
  });

  it('moves a space one place down from its menu at once and tells the server the space it now follows', async () => {
    // The server keeps the new order: the list read again afterwards shows it too.
    let stored = welcome;
    const fetchMock = stubFetch({
      [`GET /api/apps/${app.id}/community/groups`]: () => list([stored])(),
      [`PATCH /api/spaces/${id('11')}/move`]: () => {
        const [start, questions, internal] = welcome.spaces;
        stored = { ...welcome, spaces: [questions!, start!, internal!] };
        return json(200, { data: start });
      },
    });
    renderPage();
    const [card] = await screen.findAllByTestId('group-card');
    const [firstMenu] = within(card!).getAllByTestId('space-menu');
    fireEvent.click(firstMenu!);
    fireEvent.click(await screen.findByTestId('space-menu-down'));
    await waitFor(() => expect(spaceNames(card!)).toEqual(['Fragen', 'Start', 'Intern']));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/spaces/${id('11')}/move`)).toEqual([{ prevId: id('12') }]),
    );
  });

  it('moves a group to the top through the app’s group order', async () => {
    const fetchMock = stubFetch({
      [`GET /api/apps/${app.id}/community/groups`]: list([welcome, courses]),
      [`PATCH /api/apps/${app.id}/community/groups/${courses.id}/move`]: () => json(200, { data: courses }),
    });
    renderPage();
    await screen.findAllByTestId('group-card');
    fireEvent.click(screen.getAllByTestId('group-menu')[1]!);
    fireEvent.click(await screen.findByTestId('group-menu-up'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/apps/${app.id}/community/groups/${courses.id}/move`)).toEqual([
        { prevId: null },
      ]),
    );
  });

  it('offers no dragging or moving without the ability to sort groups', async () => {
    stubFetch({ [`GET /api/apps/${app.id}/community/groups`]: list([welcome, courses]) });
    signInForTest();
    renderWithProviders(
      <CurrentAppContext value={{ ...app, permissions: { can: ['view', 'edit', 'create_group'] } }}>
        <GroupsSettingsPage />
      </CurrentAppContext>,
    );
    const [card] = await screen.findAllByTestId('group-card');
    // The group's own handle is gone; its spaces (space `edit`) still move.
    expect(
      card!.querySelector('[data-testid="drag-handle"][aria-label="„Willkommen“ verschieben"]'),
    ).toBeNull();
    expect(within(card!).getAllByRole('button', { name: /„Start“ verschieben/ })).toHaveLength(1);
  });

  it('deletes a group only after saying what goes with it', async () => {
    const fetchMock = stubFetch({
      [`GET /api/apps/${app.id}/community/groups`]: list([welcome]),
      [`DELETE /api/groups/${welcome.id}`]: () => json(204, undefined),
    });
    renderPage();
    await screen.findAllByTestId('group-card');
    fireEvent.click(screen.getByTestId('group-menu'));
    fireEvent.click(await screen.findByTestId('group-menu-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Gruppe löschen?' });
    expect(within(dialog).getByText(/mit ihren 3 Räumen/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(callsTo(fetchMock, `DELETE /api/groups/${welcome.id}`)).toHaveLength(1));
  });
});
