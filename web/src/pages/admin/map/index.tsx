import type { ParkingOrder } from '@candy/contract/calls/insight';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { call } from '../../../core/request.ts';
import { intlTag } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  AdminPage,
  Badge,
  type Column,
  DataTable,
  ErrorState,
  formatDateTime,
  LoadingState,
  Pager,
  queryClient,
  shortTitle,
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

/** A fee in yuan, as Intl writes it in the active language (¥5.00; CN¥5.00 in English). */
const money = (fee: number) =>
  new Intl.NumberFormat(intlTag(), { style: 'currency', currency: 'CNY' }).format(fee);

const useDebounced = <T,>(value: T, ms: number) => {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
};

export default function Page() {
  const t = useT();
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
    const name = await prompt({
      title: t('admin.map.addPlace.title'),
      placeholder: t('admin.map.place.name'),
    }).catch(() => null);
    if (!name) return;
    await call('parkingPlaceCreate', {
      body: { name, address: '', lat: center[0], lng: center[1], capacity: null, free: null, price: '' },
    });
    await refresh();
  };

  const orderColumns: Column<ParkingOrder>[] = [
    {
      key: 'place',
      title: t('admin.map.column.place'),
      sortValue: (o) => o.place,
      render: (o) => <span data-content>{o.place}</span>,
    },
    {
      key: 'startAt',
      title: t('admin.map.column.start'),
      sortValue: (o) => o.startAt,
      render: (o) => formatDateTime(o.startAt),
    },
    {
      key: 'endAt',
      title: t('admin.map.column.end'),
      render: (o) => (o.endAt === null ? '—' : formatDateTime(o.endAt)),
    },
    {
      key: 'duration',
      title: t('admin.map.column.duration'),
      render: (o) => (o.duration === null ? '—' : t('admin.map.minutes', { minutes: o.duration })),
    },
    { key: 'fee', title: t('admin.map.column.fee'), sortValue: (o) => o.fee, render: (o) => money(o.fee) },
    {
      key: 'status',
      title: t('admin.map.column.status'),
      render: (o) => (
        <Badge tone={o.status === 'ongoing' ? 'success' : o.status === 'cancelled' ? 'muted' : 'info'}>
          {t(`admin.map.status.${o.status}`)}
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
                  {t('admin.map.edit')}
                  <span className="sr-only"> {t('admin.map.order.which', { id: o.id })}</span>
                </Button>
                <Button
                  kind="dangerous"
                  confirm={{
                    title: t('admin.map.order.delete.title'),
                    message: t('admin.map.order.delete.question', { id: o.id, title: shortTitle(o.place) }),
                  }}
                  onClick={async () => {
                    await call('parkingOrderDelete', { params: { id: Number(o.id) } });
                    if (editingOrder?.id === o.id) setEditingOrder(null);
                    await refresh();
                  }}
                >
                  {t('admin.map.delete')}
                  <span className="sr-only"> {t('admin.map.order.which', { id: o.id })}</span>
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <AdminPage
      title={t('admin.map.title')}
      data-testid="map-page"
      actions={
        <>
          <label className="parking-radius">
            {t('admin.map.radius')}
            <select
              value={radius}
              onChange={(e) => setRadius(Number(e.target.value))}
              aria-label={t('admin.map.radius')}
            >
              {[500, 1000, 2000, 5000, 10000].map((r) => (
                <option key={r} value={r}>
                  {r >= 1000
                    ? t('admin.map.kilometres', { distance: r / 1000 })
                    : t('admin.map.metres', { distance: r })}
                </option>
              ))}
            </select>
          </label>
          {own && (
            <button type="button" className="btn" onClick={addPlace}>
              {t('admin.map.addPlace')}
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
          <Suspense fallback={<LoadingState>{t('admin.map.loading')}</LoadingState>}>
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
            {places.data?.length === 0 && <li className="muted">{t('admin.map.noPlaces')}</li>}
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
                    <strong data-content>{p.name}</strong>
                    <small>
                      {t('admin.map.metres', { distance: p.distance })} ·{' '}
                      {p.free === null ? t('admin.map.freeUnknown') : t('admin.map.free', { free: p.free })}
                      {p.price && (
                        <>
                          {' · '}
                          <span data-content>{p.price}</span>
                        </>
                      )}
                    </small>
                  </button>
                  {own && (
                    <Button
                      title={t('admin.map.place.edit', { name: p.name })}
                      onClick={() => setEditingPlace(p.id)}
                    >
                      <span aria-hidden="true">✎</span>
                      <span className="sr-only">{t('admin.map.place.edit', { name: p.name })}</span>
                    </Button>
                  )}
                  {own && (
                    <Button
                      kind="dangerous"
                      title={t('admin.map.place.delete', { name: p.name })}
                      confirm={{
                        title: t('admin.map.place.delete.title'),
                        message: t('admin.map.place.delete.question', {
                          id: p.id,
                          title: shortTitle(p.name),
                        }),
                      }}
                      onClick={async () => {
                        await call('parkingPlaceDelete', { params: { id: Number(p.id) } });
                        await refresh();
                      }}
                    >
                      <span aria-hidden="true">×</span>
                      <span className="sr-only">{t('admin.map.place.delete', { name: p.name })}</span>
                    </Button>
                  )}
                </li>
              ),
            )}
          </ul>
        </div>
      )}
      <section className="parking-orders">
        <h2>{t('admin.map.orders')}</h2>
        <Tabs
          tabs={[
            { id: 'all', label: t('admin.map.status.all') },
            { id: 'ongoing', label: t('admin.map.status.ongoing') },
            { id: 'finished', label: t('admin.map.status.finished') },
            { id: 'cancelled', label: t('admin.map.status.cancelled') },
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
                <th>{t('admin.map.month.month')}</th>
                <th>{t('admin.map.month.count')}</th>
                <th>{t('admin.map.month.duration')}</th>
                <th>{t('admin.map.month.fee')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.months.map((m) => (
                <tr key={m.month}>
                  <td>{m.month}</td>
                  <td>{m.count}</td>
                  <td>{t('admin.map.hours', { hours: Math.round(m.minutes / 6) / 10 })}</td>
                  <td>{money(m.fee)}</td>
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
          empty={t('admin.map.noOrders')}
        />
        {orders.data && (
          <Pager page={page} pageSize={orders.data.size} total={orders.data.total} onChange={setPage} />
        )}
      </section>
    </AdminPage>
  );
}
