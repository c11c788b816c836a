import type { CommentSpamPreview } from '@candy/contract/calls/commentModeration';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../../core/request.ts';
import { t } from '../../../../i18n/i18n.ts';
import { UNDO_MS } from '../../../../ui/adminKit/destroy.ts';
import { confirm } from '../../../../ui/Dialog.tsx';
import { reportError } from '../../../../ui/reportError.ts';
import { toast } from '../../../../ui/toast.tsx';

/** The confirmation names what the mark hides, counted by the server (issue 41.1). */
export const spamQuestion = ({ comments, devices }: CommentSpamPreview, chosen: number): string => {
  // Beyond the chosen ones: the devices' comments still waiting for review.
  const extra = Math.max(0, comments - chosen);
  return t('admin.desk.comments.spam.question', { comments, devices, extra });
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
        title:
          ids.length > 1 ? t('admin.desk.comments.spam.titleMany') : t('admin.desk.comments.spam.titleOne'),
        message: spamQuestion(preview, ids.length),
      });
      const { count, undo } = await call('commentModerate', { body: { ids, action: 'spam' } });
      const refresh = () => queryClient.invalidateQueries({ queryKey: ['comments'] });
      const takeBack = async () => {
        if (!undo) return;
        const back = await call('commentSpamUndo', { body: { undo } });
        toast(t('admin.desk.comments.spam.undone', { count: back.count }), { type: 'success' });
        await refresh();
      };
      toast(t('admin.desk.comments.done.spam', { count }), {
        type: 'success',
        duration: UNDO_MS,
        ...(undo
          ? { action: { label: t('admin.desk.comments.undo'), run: () => takeBack().catch(reportError) } }
          : {}),
      });
      await refresh();
    },
    [queryClient],
  );
};
