import type { ParkingOrder } from '@candy/contract/calls/insight';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { call } from '../../../core/request.ts';
import {
  AdminPage,
  Badge,
  type Column,
  DataTable,
  destroyQuestion,
  ErrorState,
  formatDateTime,
  LoadingState,
  Pager,
  queryClient,
  Tabs,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { prompt } from '../../../ui/Dialog.tsx';
import './map.css';
import { OrderForm } from './OrderForm.tsx';
import { PlaceEditor } from './PlaceEditor.tsx';

// Leaflet and its stylesheet load with this page only.
const LeafletMap = lazy(() => import('./LeafletMap.tsx').then((m) => ({ default: m.LeafletMap })));

const fallbackCenter: [number, number] = [39.9042, 116.4074];
type Status = 'all' | ParkingOrder['status'];
const statusName = { ongoing: '进行中', finished: '已完成', cancelled: '已取消' } as const;

const useDebounced = <T,>(value: T, ms: number) => {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
};

export default function Page() {
  const [center, setCenter] = useState<[number, number]>(fallbackCenter);
  const [radius, setRadius] = useState(2000);
  const [selected, setSelected] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(1);
  const [editingPlace, setEditingPlace] = useState<string | null>(null);
  const [editingOrder, setEditingOrder] = useState<ParkingOrder | null>(null);
  const query = useDebounced({ lat: center[0], lng: center[1], radius }, 300);

  useEffect(() => {
    navigator.geolocation?.getCurrentPosition(
      (pos) => setCenter([Number(pos.coords.latitude.toFixed(6)), Number(pos.coords.longitude.toFixed(6))]),
      () => {},
      { timeout: 5000 },
    );
  }, []);

  const config = useQuery({ queryKey: ['mapConfig'], queryFn: () => call('mapConfig') });
  const places = useQuery({
    queryKey: ['parkingPlaces', query],
    queryFn: () => call('parkingByPosition', { query }),
    placeholderData: (prev) => prev,
  });
  const orders = useQuery({
    queryKey: ['parkingOrders', status, page],
    queryFn: () => call('parkingOrders', { query: { page, ...(status === 'all' ? {} : { status }) } }),
  });
  const own = config.data?.source === 'own';
  const refresh = () =>
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('parking') });

  const addPlace = async () => {
    const name = await prompt({ title: '在地图中心添加停车场', placeholder: '名称' }).catch(() => null);
    if (!name) return;
    await call('parkingPlaceCreate', {
      body: { name, address: '', lat: center[0], lng: center[1], capacity: null, free: null, price: '' },
    });
    await refresh();
  };

  const orderColumns: Column<ParkingOrder>[] = [
    { key: 'place', title: '停车场', sortValue: (o) => o.place },
    { key: 'startAt', title: '开始', sortValue: (o) => o.startAt, render: (o) => formatDateTime(o.startAt) },
    { key: 'endAt', title: '结束', render: (o) => (o.endAt === null ? '—' : formatDateTime(o.endAt)) },
    { key: 'duration', title: '时长', render: (o) => (o.duration === null ? '—' : `${o.duration} 分钟`) },
    { key: 'fee', title: '费用', sortValue: (o) => o.fee, render: (o) => `¥${o.fee.toFixed(2)}` },
    {
      key: 'status',
      title: '状态',
      render: (o) => (
        <Badge tone={o.status === 'ongoing' ? 'success' : o.status === 'cancelled' ? 'muted' : 'info'}>
          {statusName[o.status]}
        </Badge>
      ),
    },
    ...(own
      ? [
          {
            key: 'actions',
            title: '',
            render: (o: ParkingOrder) => (
              <span className="parking-order-actions">
                <Button onClick={() => setEditingOrder(o)}>
                  编辑<span className="sr-only"> 订单 #{o.id}</span>
                </Button>
                <Button
                  kind="dangerous"
                  confirm={{
                    title: '删除停车订单',
                    message: destroyQuestion('删除', '停车订单', { id: o.id, title: o.place }),
                  }}
                  onClick={async () => {
                    await call('parkingOrderDelete', { params: { id: Number(o.id) } });
                    if (editingOrder?.id === o.id) setEditingOrder(null);
                    await refresh();
                  }}
                >
                  删除<span className="sr-only"> 订单 #{o.id}</span>
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <AdminPage
      title="地图"
      data-testid="map-page"
      actions={
        <>
          <label className="parking-radius">
            半径
            <select value={radius} onChange={(e) => setRadius(Number(e.target.value))} aria-label="半径">
              {[500, 1000, 2000, 5000, 10000].map((r) => (
                <option key={r} value={r}>
                  {r >= 1000 ? `${r / 1000} 公里` : `${r} 米`}
                </option>
              ))}
            </select>
          </label>
          {own && (
            <button type="button" className="btn" onClick={addPlace}>
              在中心添加停车场
            </button>
          )}
        </>
      }
    >
      {config.isPending ? (
        <LoadingState />
      ) : config.isError ? (
        <ErrorState error={config.error} onRetry={() => config.refetch()} />
      ) : (
        <div className="parking-layout">
          <Suspense fallback={<LoadingState>正在加载地图…</LoadingState>}>
            <LeafletMap
              tileUrl={config.data.tileUrl}
              attribution={config.data.attribution}
              center={center}
              radius={radius}
              places={places.data ?? []}
              selected={selected}
              onMove={setCenter}
            />
          </Suspense>
          <ul className="parking-list" data-testid="parking-list">
            {places.isError && <ErrorState error={places.error} onRetry={() => places.refetch()} />}
            {places.data?.length === 0 && <li className="muted">附近没有停车场</li>}
            {places.data?.map((p) =>
              own && p.id === editingPlace ? (
                <li key={p.id}>
                  <PlaceEditor
                    place={p}
                    center={center}
                    onDone={() => {
                      setEditingPlace(null);
                      void refresh();
                    }}
                  />
                </li>
              ) : (
                <li key={p.id} data-selected={p.id === selected || undefined}>
                  <button type="button" onClick={() => setSelected(p.id)}>
                    <strong>{p.name}</strong>
                    <small>
                      {p.distance} 米 · {p.free === null ? '空位未知' : `空位 ${p.free}`}
                      {p.price && ` · ${p.price}`}
                    </small>
                  </button>
                  {own && (
                    <Button title={`编辑 ${p.name}`} onClick={() => setEditingPlace(p.id)}>
                      <span aria-hidden="true">✎</span>
                      <span className="sr-only">编辑 {p.name}</span>
                    </Button>
                  )}
                  {own && (
                    <Button
                      kind="dangerous"
                      title={`删除 ${p.name}`}
                      confirm={{
                        title: '删除停车场',
                        message: destroyQuestion('删除', '停车场', { id: p.id, title: p.name }),
                      }}
                      onClick={async () => {
                        await call('parkingPlaceDelete', { params: { id: Number(p.id) } });
                        await refresh();
                      }}
                    >
                      <span aria-hidden="true">×</span>
                      <span className="sr-only">删除 {p.name}</span>
                    </Button>
                  )}
                </li>
              ),
            )}
          </ul>
        </div>
      )}
      <section className="parking-orders">
        <h2>停车订单</h2>
        <Tabs
          tabs={[
            { id: 'all', label: '全部' },
            { id: 'ongoing', label: '进行中' },
            { id: 'finished', label: '已完成' },
            { id: 'cancelled', label: '已取消' },
          ]}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
        {orders.data && orders.data.months.length > 0 && (
          <table className="admin-table parking-months" data-testid="parking-months">
            <thead>
              <tr>
                <th>月份</th>
                <th>次数</th>
                <th>时长</th>
                <th>费用</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.months.map((m) => (
                <tr key={m.month}>
                  <td>{m.month}</td>
                  <td>{m.count}</td>
                  <td>{Math.round(m.minutes / 6) / 10} 小时</td>
                  <td>¥{m.fee.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {own && (
          <OrderForm
            key={editingOrder?.id ?? 'new'}
            editing={editingOrder}
            onDone={() => {
              setEditingOrder(null);
              void refresh();
            }}
          />
        )}
        <DataTable
          data-testid="parking-orders"
          rows={orders.data?.list}
          columns={orderColumns}
          rowKey={(o) => o.id}
          loading={orders.isPending}
          error={orders.error}
          onRetry={() => orders.refetch()}
          empty="没有订单"
        />
        {orders.data && (
          <Pager page={page} pageSize={orders.data.size} total={orders.data.total} onChange={setPage} />
        )}
      </section>
    </AdminPage>
  );
}
