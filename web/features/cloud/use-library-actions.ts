import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CloudEntity, CloudList } from '../../../contracts/cloud';
import { cloudKeys } from './cloud-api';
import { restoreItems, setFavorite, setThumbnail, whenProcessed } from './cloud-changes';
import type { CloudLocation, CloudScope } from './cloud-scope';
import { replaceInLists } from './use-processing-poll';
import { uploadBlob } from './upload-client';

/** Removes items from every cached list of the library (an unfavourited file in Favourites, RULE-15). */
function removeFromList(
  queryClient: ReturnType<typeof useQueryClient>,
  scope: CloudScope,
  location: CloudLocation,
  id: string,
): void {
  queryClient.setQueriesData<InfiniteData<CloudList>>(
    { queryKey: [...cloudKeys.lists(scope), location] },
    (data) =>
      data && 'pages' in data
        ? {
            ...data,
            pages: data.pages.map((page) =>
              page.data.some((item) => item.id === id)
                ? {
                    ...page,
                    data: page.data.filter((item) => item.id !== id),
                    meta: { ...page.meta, total: page.meta.total - 1, files: page.meta.files - 1 },
                  }
                : page,
            ),
          }
        : data,
  );
}

/** A signed address with the attachment switch: the browser saves the file instead of showing it. */
export function downloadAddress(entity: CloudEntity): string | null {
  if (!entity.url) {
    return null;
  }
  return `${entity.url}${entity.url.includes('?') ? '&' : '?'}download=1`;
}

export function downloadFile(entity: CloudEntity): void {
  const address = downloadAddress(entity);
  if (!address) {
    return;
  }
  const link = document.createElement('a');
  link.href = address;
  link.download = entity.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Favourites, restore and the crop results: the library's smaller changes. */
export function useLibraryActions(scope: CloudScope, location: CloudLocation) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (what: 'lists' | 'all') =>
      queryClient.invalidateQueries({
        queryKey: what === 'all' ? cloudKeys.all(scope) : cloudKeys.lists(scope),
      }),
    [queryClient, scope],
  );

  const favorite = useMutation({
    mutationFn: (entity: CloudEntity) => setFavorite(scope, entity.id, !entity.isFavorite),
    onMutate: (entity) => {
      // The star flips at once (RULE-14); in Favourites an unfavourited file leaves the view (RULE-15).
      replaceInLists(queryClient, scope, { ...entity, isFavorite: !entity.isFavorite });
      if (entity.isFavorite && location.kind === 'pseudo' && location.folder === 'favorite') {
        removeFromList(queryClient, scope, location, entity.id);
      }
    },
    onError: (_error, entity) => replaceInLists(queryClient, scope, entity),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cloudKeys.lists(scope), refetchType: 'none' }),
  });

  const restore = useMutation({
    mutationFn: (ids: readonly string[]) => restoreItems(scope, ids),
    onSuccess: (restored) => {
      notifications.show({ color: 'teal', message: t('cloud.notices.restored', { count: restored.length }) });
      void refresh('all');
    },
  });

  /** Crop results: a new file next to the original, or the original's custom thumbnail (hidden upload). */
  const saveCrop = useCallback(
    async (entity: CloudEntity, blob: Blob, target: 'thumbnail' | 'copy') => {
      const base = entity.name.replace(/\.[^.]+$/, '');
      const file = new File([blob], `${base}-${t('cloud.crop.suffix')}.png`, { type: 'image/png' });
      const folderId = entity.parentId;
      if (!folderId) {
        return;
      }
      const created = await uploadBlob(scope, {
        file,
        folderId,
        hideInCloud: target === 'thumbnail',
        source: 'cloud',
      });
      if (target === 'thumbnail') {
        // The cut-out becomes the thumbnail once its own thumbnails are made (a second or so).
        const ready = await whenProcessed(scope, created);
        replaceInLists(queryClient, scope, await setThumbnail(scope, entity.id, ready.id));
      }
      notifications.show({
        color: 'teal',
        message: t(target === 'thumbnail' ? 'cloud.notices.thumbnailSaved' : 'cloud.notices.copySaved'),
      });
      await refresh('all');
    },
    [queryClient, refresh, scope, t],
  );

  return { favorite, restore, saveCrop, refresh };
}
