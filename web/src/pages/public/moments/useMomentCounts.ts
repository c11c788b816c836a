import type { CommentCount } from '@candy/contract/calls/comments';
import { useRef, useState } from 'react';
import { call } from '../../../core/request.ts';
import { useKeyedEffect } from '../../../core/useKeyedEffect.ts';
import { commentCountsMaxIds } from '../../../ui/Comments/limits.ts';

/**
 * How many comments and reactions (fediverse replies, likes, boosts) each listed moment has, asked
 * once per moment as pages of the feed arrive; `readKey` starts over on a new dark key. A failed
 * read only leaves the counts out: the feed is what matters.
 */
export const useMomentCounts = (
  ids: readonly number[],
  readKey: string,
): ReadonlyMap<number, CommentCount> => {
  const [counts, setCounts] = useState<ReadonlyMap<number, CommentCount>>(new Map());
  const asked = useRef({ readKey, ids: new Set<number>() });
  useKeyedEffect(
    () => {
      if (asked.current.readKey !== readKey) {
        asked.current = { readKey, ids: new Set() };
        setCounts(new Map());
      }
      const mine = asked.current;
      const missing = ids.filter((id) => !mine.ids.has(id));
      for (const id of missing) mine.ids.add(id);
      for (let i = 0; i < missing.length; i += commentCountsMaxIds) {
        const batch = missing.slice(i, i + commentCountsMaxIds);
        call('commentCounts', { query: { targetType: 'moment', ids: batch }, silent: true }).then(
          ({ list }) => {
            if (asked.current !== mine || list.length === 0) return;
            setCounts(
              (before) => new Map([...before, ...list.map((c): [number, CommentCount] => [c.targetId, c])]),
            );
          },
          () => {
            // Asked again with the next page or dark key; nothing for the visitor to do about it.
            for (const id of batch) mine.ids.delete(id);
          },
        );
      }
    },
    `${readKey}|${ids.join(',')}`,
  );
  return counts;
};
