import { createStore, useStore } from 'zustand';
import type { Post } from '../../../../contracts/community-posts';
import { lazyDialog } from '../../../kernel/lazy-dialog';
import type { PostComposerProps } from './post-composer';
import type { ComposerTarget } from './composer-values';

/**
 * The post composer as other screens use it: `<PostComposer opened … />`. Its code is a chunk of its own
 * (Tiptap comes later still, with the editor), loaded the first time it opens.
 */
export const PostComposer = lazyDialog<PostComposerProps>(() =>
  import('./composer-screens').then((module) => module.PostComposer),
);

/** What `openComposer` asks for: a new post in `target` (or a target to choose), or an edit of `post`. */
export type ComposerRequest = {
  target?: ComposerTarget | null;
  post?: Post | null;
  onSaved?: (post: Post) => void;
};

type ComposerState = { request: ComposerRequest | null; opened: boolean };

const composerStore = createStore<ComposerState>(() => ({ request: null, opened: false }));

/** Opens the one composer of the page (mounted by `<ComposerHost />`). */
export function openComposer(request: ComposerRequest = {}): void {
  composerStore.setState({ request, opened: true });
}

export function closeComposer(): void {
  composerStore.setState({ opened: false });
}

/** Mount once (e.g. in the community's layout); `openComposer()` then opens it from anywhere. */
export function ComposerHost() {
  const { request, opened } = useStore(composerStore);
  return (
    <PostComposer
      opened={opened}
      onClose={closeComposer}
      target={request?.target ?? null}
      post={request?.post ?? null}
      onSaved={request?.onSaved}
    />
  );
}
