import { queryOptions } from '@tanstack/react-query';
import {
  followStateSchema,
  memberResponseSchema,
  type FollowState,
  type Member,
} from '../../../contracts/members';
import { api } from '../../api/client';

export type { FollowState, Member };

/** `GET /profiles/{id}`: one member of the app, with what the caller may do to them. */
export const memberQuery = (profileId: string) =>
  queryOptions({
    queryKey: ['member', profileId],
    queryFn: ({ signal }) => api.get(`/profiles/${profileId}`, { schema: memberResponseSchema, signal }),
    select: (answer) => answer.data,
    // Not found is a state of the screen.
    meta: { silent: true },
  });

/** `GET /profiles/{id}/follow`: whether the caller follows the member, and the member's counts. */
export const followQuery = (profileId: string) =>
  queryOptions({
    queryKey: ['member', profileId, 'follow'],
    queryFn: ({ signal }) => api.get(`/profiles/${profileId}/follow`, { schema: followStateSchema, signal }),
    select: (answer) => answer.data,
  });

/** The member calls of spec §7 "Projects, members", typed from contracts/members.ts. */
export const memberApi = {
  /** The follow state is read again afterwards (`followQuery`), whatever the answer carries. */
  follow: (profileId: string): Promise<unknown> => api.patch(`/profiles/${profileId}/follow`),
  unfollow: (profileId: string): Promise<unknown> => api.delete(`/profiles/${profileId}/follow`),
  resendInvitation: (profileId: string): Promise<unknown> => api.post(`/profiles/${profileId}/invitation`),
  remove: (profileId: string): Promise<unknown> => api.delete(`/profiles/${profileId}`),
};
