import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  invitationLinkLimits,
  invitationLinkListSchema,
  invitationLinkResponseSchema,
  type InvitationLink,
  type InvitationLinkCreateBody,
  type InvitationLinkPatchBody,
} from '../../../contracts/invitation-links';
import { api } from '../../api/client';

export type { InvitationLink, InvitationLinkCreateBody, InvitationLinkPatchBody };

export const inviteLinkKeys = {
  all: (appId: string) => ['invitation-links', appId] as const,
};

/** `GET /apps/{appId}/invitations`: the app's invite links, newest first, 20 per page. */
export const inviteLinkListQuery = (appId: string, page: number) =>
  queryOptions({
    queryKey: [...inviteLinkKeys.all(appId), page],
    queryFn: ({ signal }) =>
      api.get(`/apps/${appId}/invitations`, {
        query: { page, limit: invitationLinkLimits.pageSize },
        schema: invitationLinkListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const inviteLinksApi = {
  create: (appId: string, body: InvitationLinkCreateBody): Promise<InvitationLink> =>
    api
      .post(`/apps/${appId}/invitations`, { body, schema: invitationLinkResponseSchema })
      .then((answer) => answer.data),
  update: (linkId: string, body: InvitationLinkPatchBody): Promise<InvitationLink> =>
    api
      .patch(`/invitations/${linkId}`, { body, schema: invitationLinkResponseSchema })
      .then((answer) => answer.data),
  remove: (linkId: string): Promise<unknown> => api.delete(`/invitations/${linkId}`),
};
