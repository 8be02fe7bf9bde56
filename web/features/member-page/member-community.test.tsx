import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../../contracts/community-comments';
import type { MemberSpace } from '../../../contracts/community-spaces';
import type { Member } from '../../../contracts/members';
import { CurrentAppContext } from '../../kernel/current-app';
import { json, signInForTest, stubFetch, testApp, urlOf } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { MemberComments } from './member-comments';
import { MemberActivity, MemberPage } from './member-page';
import { MemberSpaces } from './member-spaces';

const id = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';
const member: Member = {
  id,
  accountId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e98',
  firstName: 'Lena',
  lastName: 'Vogel',
  email: null,
  avatarId: null,
  avatarUrl: null,
  type: 'member',
  isOwner: false,
  tags: [],
  punishedUntil: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  moderates: null,
  permissions: { can: ['view'] },
};

function comment(n: number, postName: string, discriminator: 'groups' | 'communities' = 'groups'): Comment {
  return {
    id: `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4${String(100 + n)}`,
    entityType: discriminator === 'groups' ? 'post' : 'communities_post',
    entityId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4f01',
    parentCommentId: null,
    body: `<p>Kommentar ${n}</p>`,
    author: { profileId: id, name: 'Lena Vogel', avatarUrl: null },
    createdAt: '2027-04-01T08:00:00.000Z',
    editedAt: null,
    isDeleted: false,
    isLiked: false,
    likesCount: n,
    repliesCount: 1,
    post: {
      id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4f01',
      name: postName,
      slug: 'willkommen',
      discriminator,
      containerSlug: discriminator === 'groups' ? 'yoga' : 'vorstellung',
    },
    permissions: { can: ['view'] },
    replies: [],
  };
}

const space: MemberSpace = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4f50',
  groupId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4f40',
  name: 'Yoga am Morgen',
  slug: 'yoga',
  access: 'private',
  cover: null,
  membersCount: 12,
  role: 'moderator',
};

const memberRoutes = [
  {
    path: '/:appSlug/m/:memberId',
    element: (
      <CurrentAppContext value={testApp}>
        <MemberPage />
      </CurrentAppContext>
    ),
    children: [
      { index: true, element: <MemberActivity /> },
      { path: 'comments', element: <MemberComments /> },
      { path: 'spaces', element: <MemberSpaces /> },
    ],
  },
];

type Routes = Parameters<typeof stubFetch>[0];

function renderAt(path: string, routes: Routes) {
  const fetchMock = stubFetch({
    [`GET /api/profiles/${id}`]: () => json(200, { data: member }),
    [`GET /api/profiles/${id}/follow`]: () =>
      json(200, { data: { isFollowing: false, followersCount: 0, followingCount: 0 } }),
    ...routes,
  });
  return { ...renderRoutes(memberRoutes, { url: `/akademie/m/${id}${path}`, host: 'app' }), fetchMock };
}

beforeEach(() => signInForTest());

describe('member page sub-pages', () => {
  it('lists the member’s comments with the post each is on, and loads more pages', async () => {
    const pages = [
      {
        data: [comment(1, 'Willkommen'), comment(2, 'Vorstellung', 'communities')],
        meta: { page: 1, pages: 2, total: 3 },
      },
      { data: [comment(3, 'Fragen')], meta: { page: 2, pages: 2, total: 3 } },
    ];
    const { fetchMock } = renderAt('/comments', {
      'GET /api/comments': (_init, url) => json(200, pages[Number(url.searchParams.get('page')) - 1]),
    });
    const list = await screen.findByTestId('member-comments');
    expect(within(list).getByRole('link', { name: 'Willkommen' }).getAttribute('href')).toBe(
      '/akademie/groups/g/yoga/p/willkommen',
    );
    expect(within(list).getByRole('link', { name: 'Vorstellung' }).getAttribute('href')).toBe(
      '/akademie/communities/c/vorstellung/p/willkommen',
    );
    const [asked] = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/comments');
    expect(asked?.searchParams.get('entityType')).toBe('profile');
    expect(asked?.searchParams.get('entityId')).toBe(id);
    fireEvent.click(screen.getByTestId('member-comments-more'));
    await waitFor(() => expect(screen.getAllByTestId('member-comment')).toHaveLength(3));
    expect(screen.queryByTestId('member-comments-more')).toBeNull();
    // The tab of the address is the current one.
    expect(screen.getByTestId('member-tab-comments').getAttribute('aria-current')).toBe('page');
  });

  it('says so when there are no comments to read', async () => {
    renderAt('/comments', {
      'GET /api/comments': () => json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } }),
    });
    expect(await screen.findByText('Lena hat noch nichts kommentiert, das Sie lesen können.')).toBeTruthy();
  });

  it('lists the member’s spaces with access, size and their role', async () => {
    renderAt('/spaces', {
      [`GET /api/profiles/${id}/spaces`]: () =>
        json(200, { data: [space], meta: { page: 1, pages: 1, total: 1 } }),
    });
    const card = await screen.findByTestId('member-space');
    expect(card.getAttribute('href')).toBe('/akademie/groups/g/yoga');
    expect(card.textContent).toContain('Yoga am Morgen');
    expect(card.textContent).toContain('Privat · 12 Mitglieder');
    expect(card.textContent).toContain('Moderation');
  });

  it('opens on the activity and moves between the sub-pages by their links', async () => {
    const { router } = renderAt('', {
      [`GET /api/profiles/${id}/spaces`]: () =>
        json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } }),
    });
    expect(await screen.findByTestId('member-activity')).toBeTruthy();
    fireEvent.click(screen.getByTestId('member-tab-spaces'));
    expect(await screen.findByTestId('member-spaces-empty')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/akademie/m/${id}/spaces`);
  });
});
