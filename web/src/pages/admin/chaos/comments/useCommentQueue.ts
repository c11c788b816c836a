import type { ModerationAction } from '@candy/contract/calls/commentModeration';
import type { RecentCommentsQuery } from '@candy/contract/calls/comments';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../../core/request.ts';
import { t } from '../../../../i18n/i18n.ts';
import { toast } from '../../../../ui/toast.tsx';

export type QueueStatus = RecentCommentsQuery['status'];

/** One page of comments: every one, the queue (held) or spam, searched by words. */
export const useCommentQueue = (query: RecentCommentsQuery) =>
  useQuery({
    queryKey: ['comments', 'recent', query],
    queryFn: () => call('commentRecent', { query }),
    placeholderData: keepPreviousData,
  });

/** What a done action says (`admin.desk.comments.done.<action>`, with `count`). */
const doneText = (action: ModerationAction, count: number): string =>
  t(`admin.desk.comments.done.${action}`, { count });

/** Approve, reject or mark as spam; every comment list (and the dashboard) is refreshed after. */
export const useModerate = () => {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: number[], action: ModerationAction) => {
      const { count } = await call('commentModerate', { body: { ids, action } });
      toast(doneText(action, count), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['comments'] });
    },
    [queryClient],
  );
};
