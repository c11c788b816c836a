import type { OnlineDevice } from '@candy/contract/calls/insight';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
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
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  return hours < 24
    ? `${hours} 小时 ${minutes % 60} 分钟`
    : `${Math.floor(hours / 24)} 天 ${hours % 24} 小时`;
};

/** Today's presence as bars on a 24-hour strip (UTC day, like the server's). */
const Timeline = ({ intervals }: { intervals: OnlineDevice['today'] }) => {
  const start = Math.floor(Date.now() / DAY) * DAY;
  return (
    <div className="device-timeline" title="今天在线的时段" data-testid="device-timeline">
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
  const columns: Column<OnlineDevice>[] = [
    {
      key: 'name',
      title: '设备',
      sortValue: (d) => d.label || d.hostname || d.mac,
      render: (d) => (
        <span className="device-name">
          <strong>{d.label || d.hostname || '未命名'}</strong>
          <small>
            {d.mac} · {d.ip}
          </small>
        </span>
      ),
    },
    {
      key: 'vendor',
      title: '厂商',
      sortValue: (d) => d.vendor,
      render: (d) =>
        d.registry === 'private' ? (
          <Badge tone="warning">随机私有地址</Badge>
        ) : (
          <span title={d.registry}>
            {d.vendor || '未知'} <Badge tone={registryTone(d.registry)}>{d.registry}</Badge>
          </span>
        ),
    },
    {
      key: 'online',
      title: '状态',
      sortValue: (d) => (d.onlineSince === null ? -1 : Date.now() - d.onlineSince),
      render: (d) =>
        d.online && d.onlineSince !== null ? (
          <Badge tone="success">在线 {duration(Date.now() - d.onlineSince)}</Badge>
        ) : (
          <Badge tone="muted">离线 · {relativeTime(d.lastSeen)}</Badge>
        ),
    },
    {
      key: 'firstSeen',
      title: '首次出现',
      sortValue: (d) => d.firstSeen,
      render: (d) => relativeTime(d.firstSeen),
    },
    { key: 'today', title: '今天', render: (d) => <Timeline intervals={d.today} /> },
    {
      key: 'actions',
      title: '',
      render: (d) => (
        <button
          type="button"
          className="btn"
          onClick={async () => {
            const text = await prompt({ title: '给这个设备起个名字', initial: d.label }).catch(() => null);
            if (text !== null) label.mutate({ mac: d.mac, text });
          }}
        >
          备注
        </button>
      ),
    },
  ];
  return (
    <AdminPage
      title="在线设备"
      data-testid="online-device-page"
      actions={
        <Button onClick={() => devices.refetch()} loading={devices.isFetching}>
          刷新
        </Button>
      }
    >
      {devices.data && (
        <p className="muted device-sources">
          来源：
          {devices.data.sources.length ? devices.data.sources.join('、') : '未配置（设置 DEVICE_SOURCE）'} ·
          共 {devices.data.list.filter((d) => d.online).length} 台在线
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
        empty="还没有见过任何设备"
      />
    </AdminPage>
  );
}
