import type { ModerationAction } from '@candy/contract/calls/commentModeration';
import type { RecentCommentsQuery } from '@candy/contract/calls/comments';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../../core/request.ts';
import { toast } from '../../../../ui/toast.tsx';

export type QueueStatus = RecentCommentsQuery['status'];

/** One page of comments: every one, the queue (held) or spam, searched by words. */
export const useCommentQueue = (query: RecentCommentsQuery) =>
  useQuery({
    queryKey: ['comments', 'recent', query],
    queryFn: () => call('commentRecent', { query }),
    placeholderData: keepPreviousData,
  });

const doneText: Record<ModerationAction, (n: number) => string> = {
  approve: (n) => `已通过 ${n} 条评论`,
  reject: (n) => `已拒绝并删除 ${n} 条评论`,
  spam: (n) => `已标为垃圾 ${n} 条评论`,
};

/** Approve, reject or mark as spam; every comment list (and the dashboard) is refreshed after. */
export const useModerate = () => {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: number[], action: ModerationAction) => {
      const { count } = await call('commentModerate', { body: { ids, action } });
      toast(doneText[action](count), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['comments'] });
    },
    [queryClient],
  );
};
