import type { ModerationAction } from '@candy/contract/calls/commentModeration';
import { useState } from 'react';
import { t as translate } from '../../../../i18n/i18n.ts';
import { useT } from '../../../../i18n/useT.ts';
import { EmptyState, ErrorState, LoadingState, Pager, Tabs } from '../../../../ui/adminKit/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { editAsOwner, replyAsOwner } from '../../shared/commentActions.ts';
import '../../shared/recentComments.css';
import './commentsTab.css';
import { QueueItem, type QueueItemActions } from './QueueItem.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { type QueueStatus, useCommentQueue, useModerate } from './useCommentQueue.ts';
import { useMarkSpam } from './useMarkSpam.ts';

const pageSize = 20;

const emptyText = (status: QueueStatus, q: string): string => {
  if (q) return translate('admin.desk.comments.empty.search', { q });
  if (status === 'held') return translate('admin.desk.comments.empty.held');
  if (status === 'spam') return translate('admin.desk.comments.empty.spam');
  return translate('admin.desk.comments.empty');
};

/** The bulk actions that ask first: the question's title and message (with `count`), as keys. */
const bulkConfirm: Partial<Record<ModerationAction, { title: string; message: string }>> = {
  reject: {
    title: 'admin.desk.comments.bulkReject.title',
    message: 'admin.desk.comments.bulkReject.message',
  },
};

/**
 * Comment moderation (issue 25): every comment, the queue of held ones or spam; search; approve,
 * reject, mark as spam one at a time or many at once; and the settings that decide what is held.
 */
export const CommentsTab = ({ initialStatus = 'all' }: { initialStatus?: QueueStatus }) => {
  const t = useT();
  const [status, setStatus] = useState<QueueStatus>(initialStatus);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const queue = useCommentQueue({ status, q: q || undefined, page, size: pageSize });
  const moderate = useModerate();
  const markSpam = useMarkSpam();
  const list = queue.data?.list ?? [];

  const reset = () => {
    setPage(1);
    setSelected(new Set());
  };
  const act = async (ids: number[], action: ModerationAction) => {
    // A spam mark asks with the server's count and can be undone: its own path.
    await (action === 'spam' ? markSpam(ids) : moderate(ids, action));
    setSelected((old) => new Set([...old].filter((id) => !ids.includes(id))));
  };
  const actions: QueueItemActions = {
    onApprove: (c) => act([c.id], 'approve'),
    onReject: (c) => act([c.id], 'reject'),
    onSpam: (c) => act([c.id], 'spam'),
    onReply: async (c) => (await replyAsOwner(c)) && queue.refetch(),
    onEdit: async (c) => (await editAsOwner(c)) && queue.refetch(),
  };
  const chosen = list.filter((c) => selected.has(c.id)).map((c) => c.id);
  const allChosen = list.length > 0 && chosen.length === list.length;
  const bulk = (action: ModerationAction, label: string, kind: 'primary' | 'default' | 'dangerous') => {
    const ask = bulkConfirm[action];
    return (
      <Button
        kind={kind}
        disabled={chosen.length === 0}
        disabledReason={t('admin.desk.comments.selectFirst')}
        confirm={ask ? { title: t(ask.title), message: t(ask.message, { count: chosen.length }) } : false}
        onClick={() => act(chosen, action)}
        data-testid={`bulk-${action}`}
      >
        {label}
      </Button>
    );
  };

  return (
    <section className="comment-queue" data-testid="comment-queue">
      <SettingsPanel />
      <Tabs
        tabs={[
          { id: 'all', label: t('admin.desk.comments.tab.all') },
          {
            id: 'held',
            label: queue.data?.held
              ? t('admin.desk.comments.tab.heldCount', { count: queue.data.held })
              : t('admin.desk.comments.tab.held'),
          },
          { id: 'spam', label: t('admin.desk.comments.tab.spam') },
        ]}
        value={status}
        onChange={(next) => {
          setStatus(next);
          reset();
        }}
      />
      <form
        className="queue-search"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(draft.trim());
          reset();
        }}
      >
        <input
          className="input"
          type="search"
          aria-label={t('admin.desk.comments.search')}
          placeholder={t('admin.desk.comments.search')}
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">{t('admin.desk.comments.searchButton')}</Button>
      </form>
      <div className="queue-bulk" data-testid="queue-bulk">
        <label className="queue-all">
          <input
            type="checkbox"
            checked={allChosen}
            disabled={list.length === 0}
            onChange={(event) => setSelected(new Set(event.target.checked ? list.map((c) => c.id) : []))}
          />
          {chosen.length
            ? t('admin.desk.comments.selectPageCount', { count: chosen.length })
            : t('admin.desk.comments.selectPage')}
        </label>
        {bulk('approve', t('admin.desk.comments.approve'), 'primary')}
        {bulk('spam', t('admin.desk.comments.spam'), 'default')}
        {bulk('reject', t('admin.desk.comments.reject'), 'dangerous')}
      </div>
      {queue.isPending ? (
        <LoadingState />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => queue.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState>{emptyText(status, q)}</EmptyState>
      ) : (
        <>
          <ul className="recent-comments" data-testid="recent-comments">
            {list.map((c) => (
              <QueueItem
                key={c.id}
                comment={c}
                selected={selected.has(c.id)}
                onSelect={(on) =>
                  setSelected((old) => {
                    const next = new Set(old);
                    if (on) next.add(c.id);
                    else next.delete(c.id);
                    return next;
                  })
                }
                actions={actions}
              />
            ))}
          </ul>
          <Pager page={page} pageSize={pageSize} total={queue.data.total} onChange={setPage} />
        </>
      )}
    </section>
  );
};
