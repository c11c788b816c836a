import type { OnlineDevice } from '@candy/contract/calls/insight';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  AdminPage,
  Badge,
  type Column,
  DataTable,
  queryClient,
  relativeTime,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { prompt } from '../../../ui/Dialog.tsx';
import './online-device.css';

const DAY = 86_400_000;

const duration = (ms: number) => {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return t('admin.devices.duration.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  return hours < 24
    ? t('admin.devices.duration.hours', { hours, minutes: minutes % 60 })
    : t('admin.devices.duration.days', { days: Math.floor(hours / 24), hours: hours % 24 });
};

/** Today's presence as bars on a 24-hour strip (UTC day, like the server's). */
const Timeline = ({ intervals }: { intervals: OnlineDevice['today'] }) => {
  const start = Math.floor(Date.now() / DAY) * DAY;
  const t = useT();
  return (
    <div className="device-timeline" title={t('admin.devices.timeline')} data-testid="device-timeline">
      {intervals.map((i) => (
        <span
          key={i.start}
          style={{
            left: `${((i.start - start) / DAY) * 100}%`,
            width: `max(2px, ${((i.end - i.start) / DAY) * 100}%)`,
          }}
        />
      ))}
    </div>
  );
};

const registryTone = (r: OnlineDevice['registry']) =>
  r === 'private' ? 'warning' : r === 'unknown' ? 'muted' : 'info';

export default function Page() {
  const devices = useQuery({
    queryKey: ['onlineDevices'],
    queryFn: () => call('onlineDevices'),
    refetchInterval: 60_000,
  });
  const label = useMutation({
    mutationFn: ({ mac, text }: { mac: string; text: string }) =>
      call('onlineDeviceUpdate', { params: { mac }, body: { label: text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['onlineDevices'] }),
  });
  const t = useT();
  const columns: Column<OnlineDevice>[] = [
    {
      key: 'name',
      title: t('admin.devices.col.device'),
      sortValue: (d) => d.label || d.hostname || d.mac,
      render: (d) => (
        <span className="device-name">
          {d.label || d.hostname ? (
            <strong data-content>{d.label || d.hostname}</strong>
          ) : (
            <strong>{t('admin.devices.unnamed')}</strong>
          )}
          <small>
            {d.mac} · {d.ip}
          </small>
        </span>
      ),
    },
    {
      key: 'vendor',
      title: t('admin.devices.col.vendor'),
      sortValue: (d) => d.vendor,
      render: (d) =>
        d.registry === 'private' ? (
          <Badge tone="warning">{t('admin.devices.private')}</Badge>
        ) : (
          <span title={d.registry}>
            {d.vendor || t('admin.devices.unknown')}{' '}
            <Badge tone={registryTone(d.registry)}>{d.registry}</Badge>
          </span>
        ),
    },
    {
      key: 'online',
      title: t('admin.devices.col.state'),
      sortValue: (d) => (d.onlineSince === null ? -1 : Date.now() - d.onlineSince),
      render: (d) =>
        d.online && d.onlineSince !== null ? (
          <Badge tone="success">
            {t('admin.devices.online', { duration: duration(Date.now() - d.onlineSince) })}
          </Badge>
        ) : (
          <Badge tone="muted">{t('admin.devices.offline', { when: relativeTime(d.lastSeen) })}</Badge>
        ),
    },
    {
      key: 'firstSeen',
      title: t('admin.devices.col.firstSeen'),
      sortValue: (d) => d.firstSeen,
      render: (d) => relativeTime(d.firstSeen),
    },
    { key: 'today', title: t('admin.devices.col.today'), render: (d) => <Timeline intervals={d.today} /> },
    {
      key: 'actions',
      title: '',
      render: (d) => (
        <button
          type="button"
          className="btn"
          onClick={async () => {
            const text = await prompt({ title: t('admin.devices.name.title'), initial: d.label }).catch(
              () => null,
            );
            if (text !== null) label.mutate({ mac: d.mac, text });
          }}
        >
          {t('admin.devices.name')}
        </button>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('admin.title.online-device')}
      data-testid="online-device-page"
      actions={
        <Button onClick={() => devices.refetch()} loading={devices.isFetching}>
          {t('admin.devices.reload')}
        </Button>
      }
    >
      {devices.data && (
        <p className="muted device-sources">
          {t('admin.devices.sources', {
            sources: devices.data.sources.length
              ? devices.data.sources.join(t('admin.devices.sources.separator'))
              : t('admin.devices.sources.none'),
            count: devices.data.list.filter((d) => d.online).length,
          })}
        </p>
      )}
      <DataTable
        data-testid="devices"
        rows={devices.data?.list}
        columns={columns}
        rowKey={(d) => d.mac}
        loading={devices.isPending}
        error={devices.error}
        onRetry={() => devices.refetch()}
        empty={t('admin.devices.none')}
      />
    </AdminPage>
  );
}
