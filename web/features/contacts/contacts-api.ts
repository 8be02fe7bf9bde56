import { queryOptions } from '@tanstack/react-query';
import {
  contactListSchema,
  generalProfileResponseSchema,
  type Contact,
  type ContactSort,
  type GeneralProfile,
  type GeneralProfilePatchBody,
} from '../../../contracts/contacts';
import { api } from '../../api/client';

export type { Contact, ContactSort, GeneralProfile, GeneralProfilePatchBody };

/** GAPS 33: contacts are listed 20 per page. */
export const contactsPageSize = 20;

export type ContactListParams = { page: number; sort: ContactSort; search: string };

export const contactKeys = {
  all: (projectId: string) => ['contacts', projectId] as const,
  list: (projectId: string, params: ContactListParams) => ['contacts', projectId, 'list', params] as const,
  general: (profileId: string) => ['general-profile', profileId] as const,
};

/** `GET /projects/{id}/contacts?page&limit&sort&filter[search]`. */
export const contactListQuery = (projectId: string, params: ContactListParams) =>
  queryOptions({
    queryKey: contactKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api.get(`/projects/${projectId}/contacts`, {
        query: {
          page: params.page,
          limit: contactsPageSize,
          sort: params.sort,
          'filter[search]': params.search.trim() || undefined,
        },
        schema: contactListSchema,
        signal,
      }),
  });

/** `GET /profiles/{id}/general`: the project-level view of one member profile. */
export const generalProfileQuery = (profileId: string) =>
  queryOptions({
    queryKey: contactKeys.general(profileId),
    queryFn: ({ signal }) =>
      api.get(`/profiles/${profileId}/general`, { schema: generalProfileResponseSchema, signal }),
    select: (answer) => answer.data,
    // The screen shows its own not-found state.
    meta: { silent: true },
  });

export const contactsApi = {
  remove: (contactId: string): Promise<unknown> => api.delete(`/contacts/${contactId}`),
  updateGeneral: (profileId: string, changes: GeneralProfilePatchBody): Promise<GeneralProfile> =>
    api
      .patch(`/profiles/${profileId}/general`, { body: changes, schema: generalProfileResponseSchema })
      .then((answer) => answer.data),
};
