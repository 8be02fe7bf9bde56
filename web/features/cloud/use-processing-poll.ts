import { useEffect } from 'react';
import { useQueries, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CloudEntity, CloudList } from '../../../contracts/cloud';
import { polling } from '../../../contracts/constants';
import { cloudFileQuery, cloudKeys } from './cloud-api';
import type { CloudScope } from './cloud-scope';

/** Puts a fresh copy of an entity into every cached list that holds it. */
export function replaceInLists(
  queryClient: ReturnType<typeof useQueryClient>,
  scope: CloudScope,
  entity: CloudEntity,
): void {
  queryClient.setQueriesData<InfiniteData<CloudList> | CloudList>(
    { queryKey: cloudKeys.lists(scope) },
    (data) => {
      if (!data) {
        return data;
      }
      const replace = (page: CloudList): CloudList =>
        page.data.some((item) => item.id === entity.id)
          ? { ...page, data: page.data.map((item) => (item.id === entity.id ? entity : item)) }
          : page;
      return 'pages' in data ? { ...data, pages: data.pages.map(replace) } : replace(data);
    },
  );
}

/**
 * Files in `process` are asked for again every few seconds until they are ready or failed (spec §4, RULE-01);
 * each answer replaces the file in the lists, so its tile shows the progress and then the thumbnail.
 */
export function useProcessingPoll(scope: CloudScope, items: readonly CloudEntity[]): void {
  const queryClient = useQueryClient();
  const processing = items.filter((item) => item.status === 'process');
  const results = useQueries({
    queries: processing.map((item) => ({
      ...cloudFileQuery(scope, item.id),
      refetchInterval: polling.fileProcessingMs,
      refetchIntervalInBackground: false,
      meta: { silent: true },
    })),
  });
  const answers = results.map((result) => result.data);
  useEffect(() => {
    for (const entity of answers) {
      const listed = entity ? processing.find((item) => item.id === entity.id) : undefined;
      if (
        entity &&
        listed &&
        (entity.status !== listed.status || entity.encodeProgress !== listed.encodeProgress)
      ) {
        replaceInLists(queryClient, scope, entity);
      }
    }
  });
}
