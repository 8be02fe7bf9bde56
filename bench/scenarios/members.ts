import { defineArea } from '../lib/types.ts';
import { seedMembers } from '../seed/members.ts';

type MembersPage = { data?: unknown[]; meta?: { total?: number; counts?: Record<string, number> } };

const nonEmpty = (body: unknown) => {
  const page = body as MembersPage;
  if (!page.data?.length || !page.meta?.total) {
    return `expected members, got ${JSON.stringify(page.meta)}`;
  }
  return page.meta.counts ? null : 'expected counts by member type in meta';
};

/** The admin's members screen (settings/members): first page, a tag + name filter, a deep page. */
export const membersArea = defineArea({
  name: 'members',
  seed: seedMembers,
  summary: (data) => ({
    members: data.memberCount,
    tags: data.tagCount,
    taggedProfiles: data.taggedProfiles,
  }),
  scenarios: async (data, context) => {
    const headers = { authorization: await context.authorization(data.ownerAccountId) };
    const base = `/api/apps/${data.appId}/profiles`;
    return [
      {
        name: 'GET members (page 1, counts)',
        method: 'GET',
        path: base,
        headers,
        check: nonEmpty,
        budget: null,
      },
      {
        name: 'GET members (tag + search)',
        method: 'GET',
        path: `${base}?tagIds=${data.filterTagId}&search=m%C3%BCller`,
        headers,
        check: nonEmpty,
        budget: null,
      },
      {
        name: 'GET members (role + dates, page 5)',
        method: 'GET',
        path: `${base}?role=member&createdFrom=2020-01-01&page=5`,
        headers,
        check: nonEmpty,
        budget: null,
      },
    ];
  },
});
