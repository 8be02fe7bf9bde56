import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { cloudAppHeader, cloudEntitySchema } from '../../../contracts/cloud';
import { memberListSchema } from '../../../contracts/members';
import { api } from '../../api/client';

/** What a file tile of the home shows: the home reads only that much of the library's entities. */
export const homeFileSchema = cloudEntitySchema.pick({
  id: true,
  name: true,
  isFolder: true,
  type: true,
  thumbnails: true,
  updatedAt: true,
});
export type HomeFile = z.infer<typeof homeFileSchema>;
const homeFilesSchema = z.object({ data: z.array(homeFileSchema) });

/** The member's latest files in this app's library (the pseudo-folder `latest`), six for the home. */
export const recentFilesQuery = (projectId: string, appId: string) =>
  queryOptions({
    queryKey: ['home', appId, 'recent-files'],
    queryFn: ({ signal }) =>
      api.get(`/projects/${projectId}/cloud/folders/content`, {
        query: { type: 'latest', limit: 6 },
        headers: { [cloudAppHeader]: appId },
        schema: homeFilesSchema,
        signal,
      }),
    select: (answer) => answer.data.filter((entity) => !entity.isFolder),
    // A part of the home that cannot load stays away; the rest of the page still helps.
    meta: { silent: true },
  });

/** The app's newest members, to meet: the first page of the members list. */
export const newMembersQuery = (appId: string) =>
  queryOptions({
    queryKey: ['home', appId, 'new-members'],
    queryFn: ({ signal }) => api.get(`/apps/${appId}/profiles`, { schema: memberListSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });
