import type { CommentSpamPreview } from '@candy/contract/calls/commentModeration';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../../core/request.ts';
import { UNDO_MS } from '../../../../ui/adminKit/destroy.ts';
import { confirm } from '../../../../ui/Dialog.tsx';
import { reportError } from '../../../../ui/reportError.ts';
import { toast } from '../../../../ui/toast.tsx';

/** The confirmation names what the mark hides, counted by the server (issue 41.1). */
export const spamQuestion = ({ comments, devices }: CommentSpamPreview, chosen: number): string => {
  const extra = comments - chosen;
  return [
    `将隐藏 ${comments} 条评论，来自 ${devices} 个设备`,
    extra > 0 ? `（其中 ${extra} 条是这些设备还在等待审核的评论）` : '',
    '。已显示的其他评论和博主的评论不受影响，之后这些设备的新评论直接进入垃圾箱。可以在提示里撤销。',
  ].join('');
};

/**
 * 标为垃圾: asks the server what the mark would hide, confirms with that count, marks, and offers
 * 撤销 for a few seconds, which puts back exactly what this mark hid.
 */
export const useMarkSpam = () => {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: number[]) => {
      const preview = await call('commentSpamPreview', { body: { ids } });
      await confirm({
        title: ids.length > 1 ? '批量标为垃圾' : '标为垃圾评论',
        message: spamQuestion(preview, ids.length),
      });
      const { count, undo } = await call('commentModerate', { body: { ids, action: 'spam' } });
      const refresh = () => queryClient.invalidateQueries({ queryKey: ['comments'] });
      const takeBack = async () => {
        if (!undo) return;
        const back = await call('commentSpamUndo', { body: { undo } });
        toast(`已撤销，恢复了 ${back.count} 条评论`, { type: 'success' });
        await refresh();
      };
      toast(`已标为垃圾 ${count} 条评论`, {
        type: 'success',
        duration: UNDO_MS,
        ...(undo ? { action: { label: '撤销', run: () => takeBack().catch(reportError) } } : {}),
      });
      await refresh();
    },
    [queryClient],
  );
};
