import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  importStartedSchema,
  memberDropdownSchema,
  memberLimits,
  memberListSchema,
  memberResponseSchema,
  type ImportBody,
  type InviteBody,
  type Member,
  type MemberCounts,
  type MemberPatchBody,
} from '../../../contracts/members';
import type { MemberType } from '../../../contracts/enums';
import { api, buildUrl, refreshTokens, type Query } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { getAccessToken } from '../../api/token-store';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { translateImportReport } from './import-report';

export type { Member, MemberCounts, MemberPatchBody, InviteBody };

/** The list's filter as the screen holds it (and mirrors in the address). */
export type MemberFilter = {
  role: MemberType | null;
  search: string;
  tagIds: string[];
  /** YYYY-MM-DD, both inclusive; '' = open. */
  createdFrom: string;
  createdTo: string;
  /** Spec `invited`: true = only invited people who have not joined yet, false = without them, null = all. */
  invited: boolean | null;
  page: number;
};

export const memberKeys = {
  all: (appId: string) => ['members', appId] as const,
};

function filterQuery(filter: MemberFilter): Query {
  return {
    page: filter.page,
    role: filter.role ?? undefined,
    search: filter.search || undefined,
    tagIds: filter.tagIds.length > 0 ? filter.tagIds.join(',') : undefined,
    createdFrom: filter.createdFrom || undefined,
    createdTo: filter.createdTo || undefined,
    invited: filter.invited === null ? undefined : String(filter.invited),
  };
}

/** `GET /apps/{appId}/profiles` with the member filter of spec §3; `meta.counts` per member type. */
export const memberListQuery = (appId: string, filter: MemberFilter) =>
  queryOptions({
    queryKey: [...memberKeys.all(appId), 'list', filterQuery(filter)],
    queryFn: ({ signal }) =>
      api.get(`/apps/${appId}/profiles`, { query: filterQuery(filter), schema: memberListSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET /profiles/{id}`: one member, for the admin form opened by address (`?profile=`). */
export const memberQuery = (profileId: string) =>
  queryOptions({
    queryKey: ['member', profileId],
    queryFn: ({ signal }) =>
      api
        .get(`/profiles/${profileId}`, { schema: memberResponseSchema, signal })
        .then((answer) => answer.data),
    // An address with an unknown or foreign id shows "not found" in the panel instead of a notice.
    meta: { silent: true },
  });

/** `GET /apps/{appId}/profiles/dropdown`: 15 members matching `search`. */
export const memberDropdownQuery = (appId: string, search: string) =>
  queryOptions({
    queryKey: [...memberKeys.all(appId), 'dropdown', search],
    queryFn: ({ signal }) =>
      api.get(`/apps/${appId}/profiles/dropdown`, {
        query: { search: search || undefined },
        schema: memberDropdownSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const membersApi = {
  invite: (appId: string, body: InviteBody): Promise<Member> =>
    api.post(`/apps/${appId}/invite`, { body, schema: memberResponseSchema }).then((answer) => answer.data),
  update: (profileId: string, body: MemberPatchBody): Promise<Member> =>
    api.patch(`/profiles/${profileId}`, { body, schema: memberResponseSchema }).then((answer) => answer.data),
  remove: (profileId: string): Promise<unknown> => api.delete(`/profiles/${profileId}`),
  resendInvitation: (profileId: string): Promise<unknown> => api.post(`/profiles/${profileId}/invitation`),
  startImport: (appId: string, body: ImportBody): Promise<string> =>
    api
      .post(`/apps/${appId}/profiles`, { body, schema: importStartedSchema })
      .then((answer) => answer.data.taskId),
};

/**
 * `GET /apps/{appId}/imports/{taskId}/errors`: the rejected lines as CSV. A plain link cannot carry the
 * session's bearer token, so the file is fetched here and handed to the browser as a download.
 */
/** The report in the downloader's language (import-report.ts). */
export async function downloadImportErrors(appId: string, taskId: string, fileName: string): Promise<void> {
  const url = buildUrl(`/apps/${appId}/imports/${taskId}/errors`);
  let response = await fetchWithToken(url);
  // An access token that expired meanwhile is renewed once, as the API client does.
  if (response.status === 401 && (await refreshTokens())) {
    response = await fetchWithToken(url);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw ApiError.fromBody(response.status, body);
  }
  const report = translateImportReport(await response.text(), i18n.t, currentLanguage());
  saveFile(new Blob([report], { type: 'text/csv;charset=utf-8' }), fileName);
}

async function fetchWithToken(url: string): Promise<Response> {
  const headers = new Headers({ Accept: 'text/csv', 'Accept-Language': currentLanguage() });
  const token = getAccessToken();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
  }
  try {
    return await fetch(url, { headers });
  } catch (error) {
    throw ApiError.network(error);
  }
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the address only after the click has been handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const memberPageSize = memberLimits.pageSize;
