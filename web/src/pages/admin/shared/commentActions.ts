import type { RecentComment } from '@candy/contract/calls/comments';
import { call } from '../../../core/request.ts';
import { storage } from '../../../core/storage.ts';
import { prompt } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast.tsx';

/** Where a comment stands, as a link for the back office. */
export const whereOf = (c: RecentComment) =>
  c.targetType === 'essay'
    ? { to: `/chaos#${c.targetId}`, label: `随笔 #${c.targetId}` }
    : c.targetType === 'moment'
      ? { to: '/moments', label: `动态 #${c.targetId}` }
      : { to: '/about', label: '关于页' };

/** Answers as the owner under the comment; false when the owner wrote nothing. */
export const replyAsOwner = async (c: RecentComment): Promise<boolean> => {
  const content = await prompt({ title: `回复 ${c.name || '访客'}`, placeholder: '以博主身份回复' });
  if (!content.trim()) return false;
  await call('commentCreate', {
    body: {
      targetType: c.targetType,
      targetId: c.targetId,
      parentId: c.id,
      content,
      guestName: storage.get().usernameCache || '博主',
    },
  });
  toast('已回复', { type: 'success' });
  return true;
};

/** Edits a comment's text as the owner; false when nothing changed. */
export const editAsOwner = async (c: RecentComment): Promise<boolean> => {
  const content = await prompt({ title: '编辑评论', initial: c.content });
  if (!content.trim() || content === c.content) return false;
  await call('commentUpdate', { params: { id: c.id }, body: { content } });
  toast('已修改', { type: 'success' });
  return true;
};
