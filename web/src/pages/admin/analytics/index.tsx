import type { AnalyticsClient, AnalyticsSummary } from '@candy/contract/calls/insight';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '../../../core/request.ts';
import {
  AdminPage,
  Badge,
  type Column,
  DataTable,
  ErrorState,
  LoadingState,
  Pager,
  queryClient,
  relativeTime,
  Tabs,
} from '../../../ui/adminKit/index.ts';
import { prompt } from '../../../ui/Dialog.tsx';
import { Chart, type ChartOption } from './Chart.tsx';
import './analytics.css';

type Days = '30' | '90' | '365';
const PAGE_SIZE = 20;

const bars = (items: { name: string; views: number }[], color: string): ChartOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
  xAxis: { type: 'value', minInterval: 1 },
  yAxis: {
    type: 'category',
    inverse: true,
    data: items.map((i) => i.name),
    axisLabel: { width: 120, overflow: 'truncate' },
  },
  series: [{ type: 'bar', data: items.map((i) => i.views), itemStyle: { color } }],
});

const Charts = ({ s }: { s: AnalyticsSummary }) => {
  const options = useMemo(
    () => ({
      line: {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: ['浏览量', '访客数'] },
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: s.daily.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: '浏览量', type: 'line', showSymbol: false, data: s.daily.map((d) => d.views) },
          { name: '访客数', type: 'line', showSymbol: false, data: s.daily.map((d) => d.uniques) },
        ],
      } satisfies ChartOption,
      pages: bars(s.pages, '#5b8ff9'),
      referrers: bars(s.referrers, '#5ad8a6'),
      devices: {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            data: s.devices.platform.map((d) => ({ name: platformName(d.name), value: d.views })),
          },
        ],
      } satisfies ChartOption,
      hours: {
        tooltip: { trigger: 'axis' },
        grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: s.hours.map((_, h) => `${h}`) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', data: s.hours, itemStyle: { color: '#f6bd16' } }],
      } satisfies ChartOption,
    }),
    [s],
  );
  return (
    <div className="analytics-grid">
      <section className="analytics-card analytics-wide">
        <h2>
          浏览量与访客数{' '}
          <small>
            共 {s.totals.views} 次浏览，{s.totals.uniques} 位访客
          </small>
        </h2>
        <Chart option={options.line} testId="chart-daily" />
      </section>
      <section className="analytics-card">
        <h2>热门页面</h2>
        {s.pages.length ? (
          <Chart option={options.pages} testId="chart-pages" />
        ) : (
          <p className="muted">暂无</p>
        )}
      </section>
      <section className="analytics-card">
        <h2>来源网站</h2>
        {s.referrers.length ? (
          <Chart option={options.referrers} testId="chart-referrers" />
        ) : (
          <p className="muted">暂无</p>
        )}
      </section>
      <section className="analytics-card">
        <h2>设备</h2>
        <Chart option={options.devices} testId="chart-devices" />
      </section>
      <section className="analytics-card">
        <h2>时段分布（UTC 小时）</h2>
        <Chart option={options.hours} testId="chart-hours" />
      </section>
    </div>
  );
};

const platformName = (p: string) =>
  ({ desktop: '桌面', mobile: '手机', tablet: '平板', bot: '爬虫' })[p] ?? (p || '未知');

export default function Page() {
  const [days, setDays] = useState<Days>('30');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<'lastSeen' | 'views'>('lastSeen');
  const summary = useQuery({
    queryKey: ['analyticsSummary', days],
    queryFn: () => call('analyticsSummary', { query: { days: Number(days) } }),
  });
  const clients = useQuery({
    queryKey: ['analyticsClients', page, sort],
    queryFn: () => call('analyticsClients', { query: { page, size: PAGE_SIZE, sort } }),
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: { label?: string; excluded?: boolean } }) =>
      call('analyticsClientUpdate', { params: { id }, body: patch }),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('analytics') }),
  });

  const columns: Column<AnalyticsClient>[] = [
    {
      key: 'client',
      title: '访客',
      render: (c) => (
        <span title={c.uuid} className="analytics-nowrap">
          {c.label || `${c.uuid.slice(0, 8)}…`} {c.excluded && <Badge tone="muted">已排除</Badge>}
        </span>
      ),
    },
    {
      key: 'device',
      title: '设备',
      render: (c) => (
        <span className="analytics-device">
          {[platformName(c.device.platform), c.device.os, c.device.browser].filter(Boolean).join(' · ')}
        </span>
      ),
    },
    { key: 'views', title: '浏览', render: (c) => <span className="analytics-nowrap">{c.views}</span> },
    {
      key: 'pages',
      title: '页面',
      render: (c) => (
        <span className="analytics-list" title={c.pages.join('\n')}>
          {c.pages.slice(0, 3).join(' ')}
          {c.pages.length > 3 && ` +${c.pages.length - 3}`}
        </span>
      ),
    },
    {
      key: 'referrers',
      title: '来源',
      render: (c) => <span className="analytics-referrers">{c.referrers.join(' ') || '—'}</span>,
    },
    {
      key: 'firstSeen',
      title: '首次',
      render: (c) => <span className="analytics-nowrap">{relativeTime(c.firstSeen)}</span>,
    },
    {
      key: 'lastSeen',
      title: '最近',
      render: (c) => <span className="analytics-nowrap">{relativeTime(c.lastSeen)}</span>,
    },
    {
      key: 'actions',
      title: '',
      render: (c) => (
        <span className="analytics-actions">
          <button
            type="button"
            className="btn"
            onClick={async () => {
              const label = await prompt({ title: '备注', initial: c.label }).catch(() => null);
              if (label !== null) update.mutate({ id: c.id, patch: { label } });
            }}
          >
            备注
          </button>
          <button
            type="button"
            className="btn"
            data-testid={`exclude-${c.uuid}`}
            onClick={() => update.mutate({ id: c.id, patch: { excluded: !c.excluded } })}
          >
            {c.excluded ? '恢复统计' : '排除'}
          </button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title="统计"
      data-testid="analytics-page"
      actions={
        <Tabs
          tabs={[
            { id: '30', label: '30 天' },
            { id: '90', label: '90 天' },
            { id: '365', label: '365 天' },
          ]}
          value={days}
          onChange={setDays}
        />
      }
    >
      {summary.isPending ? (
        <LoadingState />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => summary.refetch()} />
      ) : (
        <Charts s={summary.data} />
      )}
      <section className="analytics-card">
        <h2>
          访客{' '}
          <Tabs
            tabs={[
              { id: 'lastSeen', label: '按最近访问' },
              { id: 'views', label: '按浏览量' },
            ]}
            value={sort}
            onChange={(s) => {
              setSort(s);
              setPage(1);
            }}
          />
        </h2>
        <DataTable
          data-testid="analytics-clients"
          rows={clients.data?.list}
          columns={columns}
          rowKey={(c) => c.id}
          loading={clients.isPending}
          error={clients.error}
          onRetry={() => clients.refetch()}
          empty="还没有访客"
        />
        {clients.data && (
          <Pager page={page} pageSize={PAGE_SIZE} total={clients.data.total} onChange={setPage} />
        )}
      </section>
    </AdminPage>
  );
}
