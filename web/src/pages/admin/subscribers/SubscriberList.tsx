import {
  SUBSCRIBER_STATUSES,
  type Subscriber,
  type SubscriberPage,
  type SubscriberStatus,
  subscriberStatusLabels,
} from '@candy/contract/calls/newsletter';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import {
  Badge,
  type BadgeTone,
  type Column,
  DataTable,
  destroyQuestion,
  formatDateTime,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { SearchInput } from '../../../ui/SearchInput.tsx';
import { toast } from '../../../ui/toast.tsx';

/** One page of the list; unfiltered, its counts are also the page's figures (one read for both). */
export const subscriberQuery = (q: string, status: SubscriberStatus | '', start: number | undefined) => ({
  queryKey: ['newsletter', 'subscribers', q, status, start] as const,
  queryFn: (): Promise<SubscriberPage> =>
    call('newsletterSubscribers', {
      query: { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(start ? { start } : {}) },
    }),
});

const tones: Record<SubscriberStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'success',
  unsubscribed: 'muted',
  bounced: 'danger',
};

/**
 * The subscribers, newest first, 50 a page. The server pages by cursor (the last id seen), so the
 * pager keeps the cursors of the pages already passed to go back.
 */
export const SubscriberList = () => {
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<SubscriberStatus | ''>('');
  // cursors[i]: the `start` of page i (undefined for the first).
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const at = cursors.length - 1;
  const start = cursors[at];
  const list = useQuery({ ...subscriberQuery(q, status, start), placeholderData: keepPreviousData });
  const restart = () => setCursors([undefined]);

  const remove = async (row: Subscriber) => {
    await call('newsletterSubscriberDelete', { params: { id: row.id } });
    toast.success(`已删除 ${row.email}`);
    await client.invalidateQueries({ queryKey: ['newsletter'] });
  };

  const columns: Column<Subscriber>[] = [
    { key: 'email', title: '邮箱', sortValue: (r) => r.email, className: 'subs-email' },
    {
      key: 'status',
      title: '状态',
      className: 'subs-nowrap',
      render: (r) => (
        <span title={r.lastError ?? undefined}>
          <Badge tone={tones[r.status]}>{subscriberStatusLabels[r.status]}</Badge>
        </span>
      ),
    },
    {
      key: 'source',
      title: '来源',
      className: 'subs-nowrap',
      render: (r) => (r.source === 'import' ? '导入' : '网站'),
    },
    {
      key: 'createdAt',
      title: '加入',
      className: 'subs-nowrap',
      render: (r) => formatDateTime(r.createdAt),
      sortValue: (r) => r.createdAt,
    },
    {
      key: 'actions',
      title: '操作',
      className: 'subs-nowrap',
      render: (r) => (
        <Button
          kind="dangerous"
          confirm={{
            title: '删除订阅者',
            message: destroyQuestion('删除', '订阅者', { id: r.id, title: r.email }, '他不会再收到邮件。'),
          }}
          onClick={() => remove(r)}
          data-testid="subs-delete"
        >
          删除
        </Button>
      ),
    },
  ];

  return (
    <div className="subs-list">
      <div className="subs-filters">
        <SearchInput
          placeholder="搜索邮箱"
          initial={q}
          onSearch={(next) => {
            setQ(next.trim());
            restart();
          }}
        />
        <select
          aria-label="按状态筛选"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as SubscriberStatus | '');
            restart();
          }}
        >
          <option value="">全部状态</option>
          {SUBSCRIBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {subscriberStatusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        rows={list.data?.list}
        columns={columns}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => list.refetch()}
        empty={
          q || status ? '没有符合条件的订阅者' : '还没有订阅者。访客在随笔页留下邮箱并确认后会出现在这里。'
        }
        data-testid="subs-table"
      />
      {at > 0 || list.data?.hasMore ? (
        <nav className="admin-pager" aria-label="分页">
          <button
            type="button"
            className="btn"
            disabled={at === 0}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            上一页
          </button>
          <span>第 {at + 1} 页</span>
          <button
            type="button"
            className="btn"
            disabled={!list.data?.hasMore}
            onClick={() => {
              const last = list.data?.list.at(-1);
              if (last) setCursors((c) => [...c, last.id]);
            }}
          >
            下一页
          </button>
        </nav>
      ) : null}
    </div>
  );
};
