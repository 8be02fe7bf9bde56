import { queryOptions } from '@tanstack/react-query';
import {
  categoryResponseSchema,
  groupResponseSchema,
  linkListSchema,
  linkResponseSchema,
  spaceResponseSchema,
  type Category,
  type CategoryCreateBody,
  type CategoryPatchBody,
  type CommunityLink,
  type Group,
  type GroupCreateBody,
  type GroupPatchBody,
  type LinkCreateBody,
  type LinkPatchBody,
  type Space,
  type SpaceCreateBody,
  type SpacePatchBody,
} from '../../../contracts/community-spaces';
import { api } from '../../api/client';
import { communityKeys } from '../community';

/** The community's links (`GET /apps/{appId}/community/links`), in order. */
export const linksQuery = (appId: string) =>
  queryOptions({
    queryKey: [...communityKeys.all(appId), 'links'] as const,
    queryFn: ({ signal }) =>
      api
        .get(`/apps/${appId}/community/links`, { schema: linkListSchema, signal })
        .then((answer) => answer.data),
  });

/**
 * The settings' calls of spec §7 "Groups and spaces" and "Communities", typed from contracts/community-spaces.ts.
 * Moves place an item right after `prevId` (null: first).
 */
export const settingsApi = {
  createGroup: async (appId: string, body: GroupCreateBody): Promise<Group> =>
    (await api.post(`/apps/${appId}/community/groups`, { body, schema: groupResponseSchema })).data,
  updateGroup: async (id: string, body: GroupPatchBody): Promise<Group> =>
    (await api.patch(`/groups/${id}`, { body, schema: groupResponseSchema })).data,
  removeGroup: (id: string): Promise<unknown> => api.delete(`/groups/${id}`),
  moveGroup: (appId: string, groupId: string, prevId: string | null): Promise<unknown> =>
    api.patch(`/apps/${appId}/community/groups/${groupId}/move`, { body: { prevId } }),

  createSpace: async (groupId: string, body: SpaceCreateBody): Promise<Space> =>
    (await api.post(`/groups/${groupId}/spaces`, { body, schema: spaceResponseSchema })).data,
  updateSpace: async (id: string, body: SpacePatchBody): Promise<Space> =>
    (await api.patch(`/spaces/${id}`, { body, schema: spaceResponseSchema })).data,
  removeSpace: (id: string): Promise<unknown> => api.delete(`/spaces/${id}`),
  moveSpace: (id: string, prevId: string | null): Promise<unknown> =>
    api.patch(`/spaces/${id}/move`, { body: { prevId } }),

  createCategory: async (appId: string, body: CategoryCreateBody): Promise<Category> =>
    (await api.post(`/apps/${appId}/communities/categories`, { body, schema: categoryResponseSchema })).data,
  updateCategory: async (id: string, body: CategoryPatchBody): Promise<Category> =>
    (await api.patch(`/communities/categories/${id}`, { body, schema: categoryResponseSchema })).data,
  removeCategory: (id: string): Promise<unknown> => api.delete(`/communities/categories/${id}`),
  moveCategory: (id: string, prevId: string | null): Promise<unknown> =>
    api.patch(`/communities/categories/${id}/move`, { body: { prevId } }),

  createLink: async (appId: string, body: LinkCreateBody): Promise<CommunityLink> =>
    (await api.post(`/apps/${appId}/community/links`, { body, schema: linkResponseSchema })).data,
  updateLink: async (id: string, body: LinkPatchBody): Promise<CommunityLink> =>
    (await api.patch(`/links/${id}`, { body, schema: linkResponseSchema })).data,
  removeLink: (id: string): Promise<unknown> => api.delete(`/links/${id}`),
  moveLink: (id: string, prevId: string | null): Promise<unknown> =>
    api.patch(`/links/${id}/move`, { body: { prevId } }),
};
