import { queryOptions } from '@tanstack/react-query';
import {
  postResponseSchema,
  voteResponseSchema,
  type Post,
  type PostCreateBody,
  type PostPatchBody,
  type Vote,
  type VoteCreateBody,
} from '../../../../contracts/community-posts';
import { categoryListSchema, spaceListSchema } from '../../../../contracts/community-spaces';
import { memberDropdownSchema } from '../../../../contracts/members';
import { api } from '../../../api/client';
import type { MentionCandidate } from '../../../components/rich-text';
import type { ComposerTarget } from './composer-values';

/** The post's own address: spaces' posts under `/posts`, communities' under `/communities/posts`. */
export const postBasePath = (post: Pick<Post, 'id' | 'discriminator'>) =>
  post.discriminator === 'communities' ? `/communities/posts/${post.id}` : `/posts/${post.id}`;

/** The composer's calls of spec §7 "Posts", typed from contracts/community-posts.ts. */
export const composerApi = {
  /** `POST /spaces/{id}/posts` or `POST /communities/categories/{id}/posts`. */
  create: async (target: Pick<ComposerTarget, 'kind' | 'id'>, body: PostCreateBody): Promise<Post> => {
    const path =
      target.kind === 'category'
        ? `/communities/categories/${target.id}/posts`
        : `/spaces/${target.id}/posts`;
    return (await api.post(path, { body, schema: postResponseSchema })).data;
  },

  /** `PATCH /posts/{id}` or `PATCH /communities/posts/{id}` with only what changed. */
  update: async (post: Pick<Post, 'id' | 'discriminator'>, body: PostPatchBody): Promise<Post> =>
    (await api.patch(postBasePath(post), { body, schema: postResponseSchema })).data,

  /** `POST /apps/{appId}/votes`: the poll the post's `voteId` then points at. */
  createVote: async (appId: string, body: VoteCreateBody): Promise<Vote> =>
    (await api.post(`/apps/${appId}/votes`, { body, schema: voteResponseSchema })).data,
};

/**
 * The containers a member may post in (the target picker, opened from a feed): the listed spaces with
 * `create_post`, and the communities categories with `create_post`.
 */
export const composerTargetsQuery = (appId: string) =>
  queryOptions({
    queryKey: ['community', appId, 'composer-targets'],
    queryFn: async ({ signal }) => {
      const [spaces, categories] = await Promise.all([
        api.get(`/apps/${appId}/community/spaces`, { schema: spaceListSchema, signal }),
        api
          .get(`/apps/${appId}/communities/categories`, {
            schema: categoryListSchema,
            signal,
            query: { limit: 100 },
          })
          // The communities service may be off: its categories are then simply not offered.
          .catch(() => ({ data: [] })),
      ]);
      const targets: ComposerTarget[] = [
        ...spaces.data
          .filter((space) => space.permissions.can.includes('create_post'))
          .map((space) => ({
            kind: 'space' as const,
            id: space.id,
            name: space.name,
            canSchedule: space.permissions.can.includes('create_scheduled_post'),
          })),
        ...categories.data
          .filter((category) => category.permissions.can.includes('create_post'))
          .map((category) => ({
            kind: 'category' as const,
            id: category.id,
            name: category.name,
            canSchedule: category.permissions.can.includes('create_scheduled_post'),
          })),
      ];
      return targets;
    },
    staleTime: 60_000,
  });

/** Members for the editor's `@` popup: `GET /apps/{appId}/profiles/dropdown?search=` (15 at most). */
export async function suggestMembers(appId: string, query: string): Promise<MentionCandidate[]> {
  const answer = await api.get(`/apps/${appId}/profiles/dropdown`, {
    schema: memberDropdownSchema,
    query: { search: query.trim() || undefined },
  });
  return answer.data
    .filter((member) => member.type !== 'invited')
    .map((member) => ({ id: member.id, label: `${member.firstName} ${member.lastName}`.trim() || '…' }));
}
