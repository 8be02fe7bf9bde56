import {
  postResponseSchema,
  type Post,
  type PostMoveBody,
  type PostPatchBody,
} from '../../../../contracts/community-posts';
import { api } from '../../../api/client';
import { communityApiPaths } from '../index';

type PostRef = Pick<Post, 'id' | 'discriminator'>;

const base = (post: PostRef) => communityApiPaths.postBase(post);
const one = async (request: Promise<{ data: Post }>) => (await request).data;

/** The post actions of spec §7 "Posts" (pin, sidebar, move, clone, publish, delete), both containers' paths. */
export const postActionsApi = {
  /** `POST|DELETE …/pin-to-top`: one pinned post per space or category; pinning clears the previous pin. */
  pinToTop: (post: PostRef, pinned: boolean) =>
    one((pinned ? api.post : api.delete)(`${base(post)}/pin-to-top`, { schema: postResponseSchema })),

  /** `POST|DELETE …/pin-to-sidebar`. */
  pinToSidebar: (post: PostRef, pinned: boolean) =>
    one((pinned ? api.post : api.delete)(`${base(post)}/pin-to-sidebar`, { schema: postResponseSchema })),

  /** `PATCH …/move {spaceId | categoryId}`: to another space or category (permission in both). */
  move: (post: PostRef, body: PostMoveBody) =>
    one(api.patch(`${base(post)}/move`, { body, schema: postResponseSchema })),

  /** `POST …/clone`: a copy in the same container, unpublished until its publish call. */
  clone: (post: PostRef) => one(api.post(`${base(post)}/clone`, { schema: postResponseSchema })),

  /** `PATCH …/publish`: a scheduled post now. */
  publish: (post: PostRef) => one(api.patch(`${base(post)}/publish`, { schema: postResponseSchema })),

  /** `PATCH /posts/{id}` with a new `publishAt` + `timeZone` (`edit_publish_time`). */
  reschedule: (post: PostRef, body: Pick<PostPatchBody, 'publishAt' | 'timeZone'>) =>
    one(api.patch(base(post), { body, schema: postResponseSchema })),

  /** `DELETE /posts/{id}`. */
  remove: (post: PostRef): Promise<unknown> => api.delete(base(post)),
};
