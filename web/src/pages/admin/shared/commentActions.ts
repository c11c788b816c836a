import type { RecentComment } from '@candy/contract/calls/comments';
import { call } from '../../../core/request.ts';
import { storage } from '../../../core/storage.ts';
import { t } from '../../../i18n/i18n.ts';
import { prompt } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast.tsx';

/** Where a comment stands, as a link for the back office (its label in the active language). */
export const whereOf = (c: RecentComment) =>
  c.targetType === 'essay'
    ? { to: `/chaos#${c.targetId}`, label: t('admin.shared.where.essay', { id: c.targetId }) }
    : c.targetType === 'moment'
      ? { to: '/moments', label: t('admin.shared.where.moment', { id: c.targetId }) }
      : { to: '/about', label: t('admin.shared.where.about') };

/** The comment's author's name, or 访客 for a comment without one. */
export const authorOf = (c: RecentComment): string => c.name || t('admin.shared.visitor');

/** Answers as the owner under the comment; false when the owner wrote nothing. */
export const replyAsOwner = async (c: RecentComment): Promise<boolean> => {
  const content = await prompt({
    title: t('admin.shared.reply.title', { name: authorOf(c) }),
    placeholder: t('admin.shared.reply.placeholder'),
  });
  if (!content.trim()) return false;
  await call('commentCreate', {
    body: {
      targetType: c.targetType,
      targetId: c.targetId,
      parentId: c.id,
      content,
      guestName: storage.get().usernameCache || t('admin.shared.owner'),
    },
  });
  toast(t('admin.shared.replied'), { type: 'success' });
  return true;
};

/** Edits a comment's text as the owner; false when nothing changed. */
export const editAsOwner = async (c: RecentComment): Promise<boolean> => {
  const content = await prompt({ title: t('admin.shared.edit.title'), initial: c.content });
  if (!content.trim() || content === c.content) return false;
  await call('commentUpdate', { params: { id: c.id }, body: { content } });
  toast(t('admin.shared.edited'), { type: 'success' });
  return true;
};
