import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CommunityLink, Group, Space } from '../../../contracts/community-spaces';
import { useCurrentApp } from '../../kernel/current-app';
import { categoriesQuery, communityKeys, groupsQuery } from '../community';
import type { Reorder } from './reorder';
import { linksQuery, settingsApi } from './settings-api';

/**
 * Reordering groups, the spaces of a group, categories and links: the new order shows at once (the cached list is
 * replaced), the server gets the moved item and the one it now follows, and a refusal brings the server's order
 * back. Afterwards every community answer (the sidebar, the feed's groups) is read again.
 */
export function useSettingsMoves() {
  const app = useCurrentApp();
  const client = useQueryClient();
  const groupsKey = groupsQuery(app.id).queryKey;
  const categoriesKey = categoriesQuery(app.id).queryKey;
  const settle = () => client.invalidateQueries({ queryKey: communityKeys.all(app.id) });

  const moveGroup = useMutation({
    mutationFn: ({ moved, prevId }: Reorder<Group>) => settingsApi.moveGroup(app.id, moved.id, prevId),
    onMutate: ({ items }) => client.setQueryData(groupsKey, items),
    onSettled: settle,
  });

  const moveSpace = useMutation({
    mutationFn: ({ moved, prevId }: Reorder<Space>) => settingsApi.moveSpace(moved.id, prevId),
    onMutate: ({ items, moved }) =>
      client.setQueryData(groupsKey, (groups) =>
        groups?.map((group) => (group.id === moved.groupId ? { ...group, spaces: items } : group)),
      ),
    onSettled: settle,
  });

  const moveCategory = useMutation({
    mutationFn: ({ moved, prevId }: Reorder<Category>) => settingsApi.moveCategory(moved.id, prevId),
    onMutate: ({ items }) => client.setQueryData(categoriesKey, items),
    onSettled: settle,
  });

  const linksKey = linksQuery(app.id).queryKey;
  const moveLink = useMutation({
    mutationFn: ({ moved, prevId }: Reorder<CommunityLink>) => settingsApi.moveLink(moved.id, prevId),
    onMutate: ({ items }) => client.setQueryData(linksKey, items),
    onSettled: settle,
  });

  return { moveGroup, moveSpace, moveCategory, moveLink };
}
