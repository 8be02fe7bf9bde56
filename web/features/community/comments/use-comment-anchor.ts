import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A link to `…#comment-{id}` (a notification's) scrolls to that comment once the comments are on screen and marks
 * it; a comment not among the loaded ones (a later page) leaves the reader at the conversation's start.
 */
export function useCommentAnchor(loaded: boolean): void {
  const { hash } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || !hash.startsWith('#comment-') || done.current === hash) {
      return;
    }
    done.current = hash;
    const comment = document.getElementById(decodeURIComponent(hash.slice(1)));
    const target = comment ?? document.getElementById('comments');
    if (comment) {
      comment.dataset.anchored = '';
    }
    target?.scrollIntoView({ block: comment ? 'center' : 'start' });
  }, [hash, loaded]);
}
