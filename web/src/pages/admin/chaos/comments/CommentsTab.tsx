import type { ModerationAction } from '@candy/contract/calls/commentModeration';
import { useState } from 'react';
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
  if (q) return `没有找到含「${q}」的评论`;
  if (status === 'held') return '没有等待审核的评论';
  if (status === 'spam') return '没有垃圾评论';
  return '还没有评论';
};

const bulkConfirm: Partial<Record<ModerationAction, { title: string; message: (n: number) => string }>> = {
  reject: { title: '批量拒绝', message: (n) => `拒绝并删除选中的 ${n} 条评论？删除后不能恢复。` },
};

/**
 * Comment moderation (issue 25): every comment, the queue of held ones or spam; search; approve,
 * reject, mark as spam one at a time or many at once; and the settings that decide what is held.
 */
export const CommentsTab = ({ initialStatus = 'all' }: { initialStatus?: QueueStatus }) => {
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
        disabledReason="先选择评论"
        confirm={ask ? { title: ask.title, message: ask.message(chosen.length) } : false}
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
          { id: 'all', label: '全部' },
          { id: 'held', label: `待审核${queue.data?.held ? ` (${queue.data.held})` : ''}` },
          { id: 'spam', label: '垃圾评论' },
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
          aria-label="搜索评论内容或昵称"
          placeholder="搜索评论内容或昵称"
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">搜索</Button>
      </form>
      <div className="queue-bulk" data-testid="queue-bulk">
        <label className="queue-all">
          <input
            type="checkbox"
            checked={allChosen}
            disabled={list.length === 0}
            onChange={(event) => setSelected(new Set(event.target.checked ? list.map((c) => c.id) : []))}
          />
          全选本页{chosen.length ? `（已选 ${chosen.length} 条）` : ''}
        </label>
        {bulk('approve', '通过', 'primary')}
        {bulk('spam', '标为垃圾', 'default')}
        {bulk('reject', '拒绝', 'dangerous')}
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
