import { useEffect, useRef, useState } from 'react';

/** `#comment-42`: the anchor a reply notification opens (issue 25.3). */
export const commentAnchorOf = (hash: string): number | null => {
  const match = /^#comment-(\d{1,10})$/.exec(hash);
  return match ? Number(match[1]) : null;
};

export const commentAnchorId = (id: number) => `comment-${id}`;

/** Older pages fetched at most this many times looking for the anchored comment. */
const MAX_PAGES = 5;

/**
 * Scrolls to the comment the address names and marks it, once it is in the list: a reply can stand
 * under an older thread than the first page holds, so a few more pages are fetched for it.
 */
export const useCommentAnchor = (
  list: { id: number; replies: { id: number }[] }[],
  ready: boolean,
  hasMore: boolean,
  loadMore: () => void,
): number | null => {
  const [target] = useState(() => (typeof location === 'undefined' ? null : commentAnchorOf(location.hash)));
  const [found, setFound] = useState<number | null>(null);
  const pages = useRef(0);
  useEffect(() => {
    if (target === null || found !== null || !ready) return;
    const present = list.some((c) => c.id === target || c.replies.some((r) => r.id === target));
    if (present) {
      setFound(target);
      requestAnimationFrame(() =>
        document.getElementById(commentAnchorId(target))?.scrollIntoView({ block: 'center' }),
      );
    } else if (hasMore && pages.current < MAX_PAGES) {
      pages.current += 1;
      loadMore();
    }
  }, [target, found, ready, list, hasMore, loadMore]);
  return found;
};
