import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post, PostList } from '../../../../contracts/community-posts';
import { createQueryClient } from '../../../app/query-client';
import { CurrentAppContext } from '../../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch, testApp } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { communityKeys } from '../index';
import { postFixture } from '../composer/post.fixture';
import { PostActionsMenu } from './post-actions-menu';

const moderator = postFixture({
  isFollowed: false,
  permissions: {
    can: ['view', 'share', 'follow', 'edit', 'delete', 'pin_to_top', 'pin_to_sidebar', 'move', 'clone'],
  },
});
const feedKey = communityKeys.feed(testApp.id, 'latest');

function renderMenu(post: Post, queryClient: QueryClient = createQueryClient()) {
  signInForTest();
  queryClient.setQueryData(feedKey, {
    pages: [{ data: [post], meta: { page: 1, pages: 1, total: 1 } } satisfies PostList],
    pageParams: [1],
  });
  renderWithProviders(
    <CurrentAppContext value={testApp}>
      <PostActionsMenu post={post} />
    </CurrentAppContext>,
    { queryClient },
  );
  return queryClient;
}

const cachedPost = (client: QueryClient) =>
  (client.getQueryData(feedKey) as { pages: PostList[] }).pages[0]?.data[0];

async function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Aktionen für „Willkommen“' }));
  return screen.findByRole('menu');
}

describe('post actions menu', () => {
  it('lists only the items the post’s abilities allow', async () => {
    stubFetch({});
    renderMenu(postFixture({ permissions: { can: ['view', 'share', 'edit'] } }));
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Bearbeiten', 'Link zum Teilen kopieren']);
  });

  it('shows no menu at all when nothing is allowed', () => {
    stubFetch({});
    renderMenu(postFixture({ permissions: { can: ['view', 'like'] } }));
    expect(screen.queryByTestId('post-actions')).toBeNull();
  });

  it('pins to the top at once on every list and tells the server', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch({
      [`POST /api/posts/${moderator.id}/pin-to-top`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      // The lists are read again afterwards: another post's pin was cleared.
      [`GET /api/apps/${testApp.id}/community/posts/home`]: () =>
        json(200, { data: [], meta: { page: 1, pages: 1, total: 0 } }),
    });
    const client = renderMenu(moderator);
    fireEvent.click(within(await openMenu()).getByText('Oben anheften'));
    await waitFor(() => expect(cachedPost(client)?.pinnedToTopAt).not.toBeNull());
    answer(json(201, { data: { ...moderator, pinnedToTopAt: '2027-05-01T10:00:00.000Z' } }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `POST /api/posts/${moderator.id}/pin-to-top`)).toHaveLength(1),
    );
  });

  it('puts the pin back when the server refuses', async () => {
    stubFetch({
      [`POST /api/posts/${moderator.id}/pin-to-sidebar`]: () =>
        json(403, { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }),
    });
    const client = renderMenu(moderator);
    fireEvent.click(within(await openMenu()).getByText('In der Seitenleiste anheften'));
    await waitFor(() => expect(cachedPost(client)?.pinnedToSidebarAt).toBeNull());
  });

  it('deletes only after the confirmation', async () => {
    const fetchMock = stubFetch({
      [`DELETE /api/posts/${moderator.id}`]: () => json(204, undefined),
      [`GET /api/apps/${testApp.id}/community/posts/home`]: () =>
        json(200, { data: [], meta: { page: 1, pages: 1, total: 0 } }),
    });
    renderMenu(moderator);
    fireEvent.click(within(await openMenu()).getByText('Löschen'));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag löschen?' });
    expect(callsTo(fetchMock, `DELETE /api/posts/${moderator.id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('post-delete-confirm'));
    await waitFor(() => expect(callsTo(fetchMock, `DELETE /api/posts/${moderator.id}`)).toHaveLength(1));
  });

  it('moves to the chosen space', async () => {
    const target = {
      id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4f51',
      name: 'Meditation',
    };
    const fetchMock = stubFetch({
      [`GET /api/apps/${testApp.id}/community/spaces`]: () =>
        json(200, {
          data: [spaceOf(moderator.space!.id, 'Yoga'), spaceOf(target.id, target.name)],
          meta: { page: 1, pages: 1, total: 2 },
        }),
      [`PATCH /api/posts/${moderator.id}/move`]: () =>
        json(200, {
          data: { ...moderator, space: { id: target.id, slug: 'meditation', name: target.name } },
        }),
      [`GET /api/apps/${testApp.id}/community/posts/home`]: () =>
        json(200, { data: [], meta: { page: 1, pages: 1, total: 0 } }),
    });
    renderMenu(moderator);
    fireEvent.click(within(await openMenu()).getByText('Verschieben'));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag verschieben' });
    const select = within(dialog).getByTestId('composer-target');
    fireEvent.click(select);
    // The post's own space is not offered.
    const option = await screen.findByRole('option', { name: 'Meditation' });
    expect(screen.queryByRole('option', { name: 'Yoga' })).toBeNull();
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByTestId('post-move-confirm'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/posts/${moderator.id}/move`)).toEqual([{ spaceId: target.id }]),
    );
  });
});

function spaceOf(id: string, name: string) {
  return {
    id,
    type: 'posts',
    groupId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4f40',
    name,
    slug: name.toLowerCase(),
    description: '',
    access: 'open',
    preModeration: false,
    rules: '',
    cover: null,
    mobileCover: null,
    defaultSort: 'latest',
    defaultTab: 'posts',
    displayView: 'feed',
    visibleTabs: ['posts', 'members', 'rules'],
    moderatorProfiles: [],
    membersCount: 3,
    postsCount: 1,
    position: 1,
    membership: { status: 'active', notify: 'all_new' },
    permissions: { can: ['view', 'create_post'] },
    requiredLevel: null,
    requiredStatusId: null,
  };
}
