import {
  SUBSCRIBER_STATUSES,
  type Subscriber,
  type SubscriberPage,
  type SubscriberStatus,
} from '@candy/contract/calls/newsletter';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  Badge,
  type BadgeTone,
  type Column,
  DataTable,
  formatDateTime,
  shortTitle,
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
  const t = useT();
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
    toast.success(t('admin.subscribers.list.deleted', { email: row.email }));
    await client.invalidateQueries({ queryKey: ['newsletter'] });
  };

  const columns: Column<Subscriber>[] = [
    {
      key: 'email',
      title: t('admin.subscribers.column.email'),
      render: (r) => <span data-content>{r.email}</span>,
      sortValue: (r) => r.email,
      className: 'subs-email',
    },
    {
      key: 'status',
      title: t('admin.subscribers.column.status'),
      className: 'subs-nowrap',
      render: (r) => (
        <span title={r.lastError ?? undefined}>
          <Badge tone={tones[r.status]}>{t(`admin.subscribers.status.${r.status}`)}</Badge>
        </span>
      ),
    },
    {
      key: 'source',
      title: t('admin.subscribers.column.source'),
      className: 'subs-nowrap',
      render: (r) =>
        r.source === 'import'
          ? t('admin.subscribers.list.source.import')
          : t('admin.subscribers.list.source.site'),
    },
    {
      key: 'createdAt',
      title: t('admin.subscribers.column.joined'),
      className: 'subs-nowrap',
      render: (r) => formatDateTime(r.createdAt),
      sortValue: (r) => r.createdAt,
    },
    {
      key: 'actions',
      title: t('admin.subscribers.column.actions'),
      className: 'subs-nowrap',
      render: (r) => (
        <Button
          kind="dangerous"
          confirm={{
            title: t('admin.subscribers.list.delete.title'),
            message: t('admin.subscribers.list.delete.question', { id: r.id, title: shortTitle(r.email) }),
          }}
          onClick={() => remove(r)}
          data-testid="subs-delete"
        >
          {t('admin.subscribers.list.delete')}
        </Button>
      ),
    },
  ];

  return (
    <div className="subs-list">
      <div className="subs-filters">
        <SearchInput
          placeholder={t('admin.subscribers.list.search')}
          initial={q}
          onSearch={(next) => {
            setQ(next.trim());
            restart();
          }}
        />
        <select
          aria-label={t('admin.subscribers.list.filter')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as SubscriberStatus | '');
            restart();
          }}
        >
          <option value="">{t('admin.subscribers.list.filter.all')}</option>
          {SUBSCRIBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.subscribers.status.${s}`)}
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
        empty={q || status ? t('admin.subscribers.list.none') : t('admin.subscribers.list.empty')}
        data-testid="subs-table"
      />
      {at > 0 || list.data?.hasMore ? (
        <nav className="admin-pager" aria-label={t('admin.subscribers.list.pages')}>
          <button
            type="button"
            className="btn"
            disabled={at === 0}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            {t('admin.subscribers.list.previous')}
          </button>
          <span>{t('admin.subscribers.list.page', { page: at + 1 })}</span>
          <button
            type="button"
            className="btn"
            disabled={!list.data?.hasMore}
            onClick={() => {
              const last = list.data?.list.at(-1);
              if (last) setCursors((c) => [...c, last.id]);
            }}
          >
            {t('admin.subscribers.list.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
};
