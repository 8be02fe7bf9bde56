import {
  postResponseSchema,
  voteResponseSchema,
  type Post,
  type PostCreateBody,
  type PostPatchBody,
  type Vote,
  type VoteCreateBody,
} from '../../../../contracts/community-posts';
import { memberDropdownSchema } from '../../../../contracts/members';
import { api } from '../../../api/client';
import type { MentionCandidate } from '../../../components/rich-text';
import { communityApiPaths } from '../index';
import type { ComposerTarget } from './composer-values';

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
    (await api.patch(communityApiPaths.postBase(post), { body, schema: postResponseSchema })).data,

  /** `POST /apps/{appId}/votes`: the poll the post's `voteId` then points at. */
  createVote: async (appId: string, body: VoteCreateBody): Promise<Vote> =>
    (await api.post(`/apps/${appId}/votes`, { body, schema: voteResponseSchema })).data,
};

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
