import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Post, PostMoveBody, PostPatchBody } from '../../../../contracts/community-posts';
import { useCurrentApp } from '../../../kernel/current-app';
import { cancelPostQueries, communityKeys, patchPost, restorePosts } from '../index';
import { postActionsApi } from './post-actions-api';

type PostsSnapshot = ReturnType<typeof patchPost>;

type Callbacks = {
  /** The post went (deleted): a page showing it leaves. */
  onDeleted?: () => void;
  /** The post lives elsewhere now (moved): a page showing it follows. */
  onMoved?: (post: Post) => void;
};

/**
 * The post menu's changes. Pins show at once on every list (optimistic, put back on refusal) and the lists are
 * read again afterwards, since a new top pin clears the container's previous one. Moving, cloning, publishing
 * and deleting wait for the server: what they change is not one field of one post.
 */
export function usePostActions(post: Post, { onDeleted, onMoved }: Callbacks = {}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: communityKeys.all(app.id) });
  const done = (message: string) => notifications.show({ color: 'teal', message });

  const optimistic = (patch: (current: Post) => Post) => async (): Promise<PostsSnapshot> => {
    await cancelPostQueries(client, app.id);
    return patchPost(client, app.id, post.id, patch);
  };
  const putBack = (_error: unknown, _variables: unknown, snapshot: PostsSnapshot | undefined) => {
    if (snapshot) {
      restorePosts(client, snapshot);
    }
  };

  const pinToTop = useMutation({
    mutationFn: (pinned: boolean) => postActionsApi.pinToTop(post, pinned),
    onMutate: (pinned) =>
      optimistic((current) => ({ ...current, pinnedToTopAt: pinned ? new Date().toISOString() : null }))(),
    onError: putBack,
    onSuccess: (_, pinned) => {
      done(t(pinned ? 'communityComposer.actions.done.pinned' : 'communityComposer.actions.done.unpinned'));
      void refresh();
    },
  });

  const pinToSidebar = useMutation({
    mutationFn: (pinned: boolean) => postActionsApi.pinToSidebar(post, pinned),
    onMutate: (pinned) =>
      optimistic((current) => ({
        ...current,
        pinnedToSidebarAt: pinned ? new Date().toISOString() : null,
      }))(),
    onError: putBack,
    onSuccess: (updated, pinned) => {
      patchPost(client, app.id, post.id, () => updated);
      done(
        t(
          pinned
            ? 'communityComposer.actions.done.sidebarPinned'
            : 'communityComposer.actions.done.sidebarUnpinned',
        ),
      );
    },
  });

  const move = useMutation({
    mutationFn: (body: PostMoveBody) => postActionsApi.move(post, body),
    onSuccess: async (moved) => {
      done(
        t('communityComposer.actions.done.moved', { name: moved.space?.name ?? moved.category?.name ?? '' }),
      );
      await refresh();
      onMoved?.(moved);
    },
  });

  const clone = useMutation({
    mutationFn: () => postActionsApi.clone(post),
    onSuccess: () => {
      done(t('communityComposer.actions.done.cloned'));
      void refresh();
    },
  });

  const publish = useMutation({
    mutationFn: () => postActionsApi.publish(post),
    onSuccess: (published) => {
      patchPost(client, app.id, post.id, () => published);
      done(t('communityComposer.actions.done.published'));
      void refresh();
    },
  });

  const reschedule = useMutation({
    mutationFn: (body: Pick<PostPatchBody, 'publishAt' | 'timeZone'>) =>
      postActionsApi.reschedule(post, body),
    meta: { silent: true },
    onSuccess: (updated) => {
      patchPost(client, app.id, post.id, () => updated);
      done(t('communityComposer.actions.done.rescheduled'));
    },
  });

  const remove = useMutation({
    mutationFn: () => postActionsApi.remove(post),
    onSuccess: async () => {
      done(t('communityComposer.actions.done.deleted'));
      onDeleted?.();
      await refresh();
    },
  });

  return { pinToTop, pinToSidebar, move, clone, publish, reschedule, remove };
}
