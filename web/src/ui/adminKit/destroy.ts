import { t } from '../../i18n/i18n.ts';
import { toast } from '../toast.tsx';

/** How long a deleted thing can be taken back. */
export const UNDO_MS = 6000;

/** A title cut to what fits in a question: 20 characters, then an ellipsis. */
export const shortTitle = (title: string, max = 20): string => {
  const chars = [...title.trim()];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
};

/**
 * The confirm question of a destructive action, naming what it destroys (issue 24):
 * `删除随笔 #28「标题…」？`, `Delete essay #28 “Title…”?`. `verb` and `kind` come translated from
 * the caller; either part of `what` may be missing; `rest` follows the question.
 */
export const destroyQuestion = (
  verb: string,
  kind: string,
  what: { id?: number | string | undefined; title?: string | undefined },
  rest = '',
): string => {
  const id = what.id === undefined ? '' : t('admin.kit.destroy.id', { id: what.id });
  const title = what.title?.trim() ? t('admin.kit.destroy.title', { title: shortTitle(what.title) }) : '';
  const question = t('admin.kit.destroy.question', { verb, kind, id, title });
  return rest ? t('admin.kit.destroy.rest', { question, rest }) : question;
};

/** The success toast after a delete, with 撤销 for a few seconds when the delete can be taken back. */
export const deletedToast = (message: string, undo?: () => unknown): void =>
  undo
    ? toast(message, {
        type: 'success',
        duration: UNDO_MS,
        action: { label: t('admin.kit.undo'), run: undo },
      })
    : toast(message, { type: 'success' });
