import type { AnalyticsClient, AnalyticsSummary } from '@candy/contract/calls/insight';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '../../../core/request.ts';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
  // The legend's words: the options are built again when they change (a language switch).
  const views = t('admin.analytics.views');
  const uniques = t('admin.analytics.uniques');
  const options = useMemo(
    () => ({
      line: {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [views, uniques] },
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: s.daily.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: views, type: 'line', showSymbol: false, data: s.daily.map((d) => d.views) },
          { name: uniques, type: 'line', showSymbol: false, data: s.daily.map((d) => d.uniques) },
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
    [s, views, uniques],
  );
  return (
    <div className="analytics-grid">
      <section className="analytics-card analytics-wide">
        <h2>
          {t('admin.analytics.daily')}{' '}
          <small>{t('admin.analytics.totals', { views: s.totals.views, uniques: s.totals.uniques })}</small>
        </h2>
        <Chart option={options.line} testId="chart-daily" />
      </section>
      <section className="analytics-card">
        <h2>{t('admin.analytics.pages')}</h2>
        {s.pages.length ? (
          <Chart option={options.pages} testId="chart-pages" />
        ) : (
          <p className="muted">{t('admin.analytics.nothing')}</p>
        )}
      </section>
      <section className="analytics-card">
        <h2>{t('admin.analytics.referrers')}</h2>
        {s.referrers.length ? (
          <Chart option={options.referrers} testId="chart-referrers" />
        ) : (
          <p className="muted">{t('admin.analytics.nothing')}</p>
        )}
      </section>
      <section className="analytics-card">
        <h2>{t('admin.analytics.devices')}</h2>
        <Chart option={options.devices} testId="chart-devices" />
      </section>
      <section className="analytics-card">
        <h2>{t('admin.analytics.hours')}</h2>
        <Chart option={options.hours} testId="chart-hours" />
      </section>
    </div>
  );
};

/** The platforms the server tells apart, by message key; another shows as it came. */
const platforms: Record<string, string> = {
  desktop: 'admin.analytics.platform.desktop',
  mobile: 'admin.analytics.platform.mobile',
  tablet: 'admin.analytics.platform.tablet',
  bot: 'admin.analytics.platform.bot',
};

/** A platform's name in the active language. */
const platformName = (p: string) => {
  const key = platforms[p];
  return key ? t(key) : p || t('admin.analytics.unknown');
};

export default function Page() {
  const [days, setDays] = useState<Days>('30');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<'lastSeen' | 'views'>('lastSeen');
  const t = useT();
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
      title: t('admin.analytics.col.visitor'),
      render: (c) => (
        <span title={c.uuid} className="analytics-nowrap">
          {c.label ? <span data-content>{c.label}</span> : `${c.uuid.slice(0, 8)}…`}{' '}
          {c.excluded && <Badge tone="muted">{t('admin.analytics.excluded')}</Badge>}
        </span>
      ),
    },
    {
      key: 'device',
      title: t('admin.analytics.col.device'),
      render: (c) => (
        <span className="analytics-device">
          {[platformName(c.device.platform), c.device.os, c.device.browser].filter(Boolean).join(' · ')}
        </span>
      ),
    },
    {
      key: 'views',
      title: t('admin.analytics.col.views'),
      render: (c) => <span className="analytics-nowrap">{c.views}</span>,
    },
    {
      key: 'pages',
      title: t('admin.analytics.col.pages'),
      render: (c) => (
        <span className="analytics-list" title={c.pages.join('\n')}>
          {c.pages.slice(0, 3).join(' ')}
          {c.pages.length > 3 && ` +${c.pages.length - 3}`}
        </span>
      ),
    },
    {
      key: 'referrers',
      title: t('admin.analytics.col.referrers'),
      render: (c) => <span className="analytics-referrers">{c.referrers.join(' ') || '—'}</span>,
    },
    {
      key: 'firstSeen',
      title: t('admin.analytics.col.firstSeen'),
      render: (c) => <span className="analytics-nowrap">{relativeTime(c.firstSeen)}</span>,
    },
    {
      key: 'lastSeen',
      title: t('admin.analytics.col.lastSeen'),
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
              const label = await prompt({ title: t('admin.analytics.note'), initial: c.label }).catch(
                () => null,
              );
              if (label !== null) update.mutate({ id: c.id, patch: { label } });
            }}
          >
            {t('admin.analytics.note')}
          </button>
          <button
            type="button"
            className="btn"
            data-testid={`exclude-${c.uuid}`}
            onClick={() => update.mutate({ id: c.id, patch: { excluded: !c.excluded } })}
          >
            {c.excluded ? t('admin.analytics.include') : t('admin.analytics.exclude')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.title.analytics')}
      data-testid="analytics-page"
      actions={
        <Tabs
          tabs={[
            { id: '30', label: t('admin.analytics.days', { days: 30 }) },
            { id: '90', label: t('admin.analytics.days', { days: 90 }) },
            { id: '365', label: t('admin.analytics.days', { days: 365 }) },
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
          {t('admin.analytics.visitors')}{' '}
          <Tabs
            tabs={[
              { id: 'lastSeen', label: t('admin.analytics.byLastSeen') },
              { id: 'views', label: t('admin.analytics.byViews') },
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
          empty={t('admin.analytics.none')}
        />
        {clients.data && (
          <Pager page={page} pageSize={PAGE_SIZE} total={clients.data.total} onChange={setPage} />
        )}
      </section>
    </AdminPage>
  );
}
