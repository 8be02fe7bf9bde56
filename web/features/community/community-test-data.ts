import type { Comment, CommentReply } from '../../../contracts/community-comments';
import type { Post } from '../../../contracts/community-posts';
import type { Space } from '../../../contracts/community-spaces';
import type { App } from '../../../contracts/apps';
import { testApp } from '../../test/fixtures';

/** The community's test data: one app, its open space "Yoga am Morgen", posts and comments in it. */
export const communityApp: App = {
  ...testApp,
  permissions: { can: ['view', 'view_profiles', 'view_posts'] },
  viewer: {
    profileId: '0190f5a2-7c1e-7b4e-9a55-00000000c001',
    sanction: null,
    punishedUntil: null,
    language: null,
    timezone: null,
    avatarUrl: null,
  },
};

const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

export const testSpace: Space = {
  id: uuid(1001),
  type: 'posts',
  groupId: uuid(1000),
  name: 'Yoga am Morgen',
  slug: 'yoga-am-morgen',
  description: 'Sonnengruß und Kaffee',
  access: 'open',
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
  membersCount: 12,
  postsCount: 3,
  position: 1,
  membership: { status: 'active', notify: 'all_new' },
  permissions: { can: ['view', 'create_post', 'leave', 'view_profiles'] },
};

export function testPost(n: number, overrides: Partial<Post> = {}): Post {
  return {
    id: uuid(2000 + n),
    discriminator: 'groups',
    name: `Beitrag ${n}`,
    slug: `beitrag-${n}`,
    body: `<p>Text von Beitrag ${n}</p>`,
    excerpt: `Text von Beitrag ${n}`,
    cover: null,
    media: [],
    vote: null,
    publishAt: null,
    timeZone: null,
    publishedAt: '2026-03-01T09:00:00.000Z',
    isScheduled: false,
    pinnedToTopAt: null,
    pinnedToSidebarAt: null,
    isAllowedPinToTop: false,
    isCommentsDisabled: false,
    isLikesDisabled: false,
    isShareDisabled: false,
    metaTitle: '',
    metaDescription: '',
    ogTitle: '',
    ogDescription: '',
    ogImage: null,
    shareHash: `hash${n}`,
    author: { profileId: uuid(3000 + n), name: `Autorin ${n}`, avatarUrl: null },
    space: { id: testSpace.id, slug: testSpace.slug, name: testSpace.name },
    category: null,
    likesCount: 2,
    commentsCount: 0,
    isLiked: false,
    isFollowed: false,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    permissions: { can: ['view', 'like', 'comment', 'follow', 'share'] },
    ...overrides,
  };
}

export function testReply(n: number, parentId: string, overrides: Partial<CommentReply> = {}): CommentReply {
  return {
    id: uuid(5000 + n),
    entityType: 'post',
    entityId: testPost(1).id,
    parentCommentId: parentId,
    body: `<p>Antwort ${n}</p>`,
    author: { profileId: uuid(3100 + n), name: `Antwortende ${n}`, avatarUrl: null },
    createdAt: '2026-03-02T10:00:00.000Z',
    editedAt: null,
    isDeleted: false,
    isLiked: false,
    likesCount: 0,
    repliesCount: 0,
    post: null,
    permissions: { can: ['view', 'like'] },
    replies: [],
    ...overrides,
  };
}

export function testComment(n: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id: uuid(4000 + n),
    entityType: 'post',
    entityId: testPost(1).id,
    parentCommentId: null,
    body: `<p>Kommentar ${n}</p>`,
    author: { profileId: uuid(3200 + n), name: `Kommentierende ${n}`, avatarUrl: null },
    createdAt: '2026-03-02T09:00:00.000Z',
    editedAt: null,
    isDeleted: false,
    isLiked: false,
    likesCount: 1,
    repliesCount: 0,
    post: null,
    permissions: { can: ['view', 'like', 'reply'] },
    replies: [],
    ...overrides,
  };
}

export const pageOf = <T>(data: T[], page = 1, pages = 1, total = data.length) => ({
  data,
  meta: { page, pages, total },
});
