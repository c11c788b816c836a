import {
  insightCalls as calls,
  type ParkingOrder,
  type ParkingOrderInput,
  type ParkingPlace,
  type ParkingPlaceInput,
} from '@candy/contract/calls/insight';
import type { z } from 'zod';
import type { ParkingOrderTable, ParkingPlaceTable } from '../../db/schema.ts';
import { notFound, providerFailed } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { ProviderError } from '../../providers/fetchJson.ts';
import { createParkingProvider } from '../../providers/parking/index.ts';
import type { ModuleContext } from '../context.ts';

const PAGE_SIZE = 20;

/** Great-circle distance in metres. */
export const distanceM = (lat1: number, lng1: number, lat2: number, lng2: number): number => {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a))));
};

type Order = Omit<ParkingOrder, 'duration'>;
const withDuration = (o: Order): ParkingOrder => ({
  ...o,
  duration: o.endAt === null ? null : Math.round((o.endAt - o.startAt) / 60_000),
});

/** Monthly totals (UTC month of the start), newest first. */
export const monthlyTotals = (orders: ParkingOrder[]) => {
  const months = new Map<string, { month: string; count: number; fee: number; minutes: number }>();
  for (const o of orders) {
    const month = new Date(o.startAt).toISOString().slice(0, 7);
    const m = months.get(month) ?? { month, count: 0, fee: 0, minutes: 0 };
    m.count += 1;
    m.fee = Math.round((m.fee + o.fee) * 100) / 100;
    m.minutes += o.duration ?? 0;
    months.set(month, m);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
};

type PlaceRow = ParkingPlaceTable & { id: number };
type OrderRow = ParkingOrderTable & { id: number };
const placeOf = (r: PlaceRow, lat: number, lng: number): ParkingPlace => ({
  id: String(r.id),
  name: r.name,
  address: r.address,
  lat: Number(r.lat),
  lng: Number(r.lng),
  capacity: r.capacity,
  free: r.free,
  price: r.price,
  distance: distanceM(lat, lng, Number(r.lat), Number(r.lng)),
});
const orderOf = (r: OrderRow): ParkingOrder =>
  withDuration({
    id: String(r.id),
    place: r.place,
    startAt: Number(r.start_at),
    endAt: r.end_at === null ? null : Number(r.end_at),
    fee: r.fee / 100,
    status: r.status as ParkingOrder['status'],
  });

/** The map service (issue 13): parking places near a position and the owner's parking orders. */
export const parkingModule = (ctx: ModuleContext) => {
  const { db, now, config } = ctx;
  const provider = config.parkingApiBase ? createParkingProvider(config.parkingApiBase) : null;
  const upstream = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      ctx.logger.warn({ err: error }, 'parking provider failed');
      throw providerFailed(said('error.parking.unavailable'));
    }
  };

  ctx.router.route(calls.mapConfig, async () => ({
    tileUrl: config.mapTileUrl,
    attribution: config.mapTileAttribution,
    source: provider ? ('provider' as const) : ('own' as const),
  }));

  ctx.router.route(calls.parkingByPosition, async ({ query: { lat, lng, radius } }) => {
    if (provider) {
      const places = await upstream(() => provider.places(lat, lng, radius));
      return places
        .map((p) => ({ ...p, distance: distanceM(lat, lng, p.lat, p.lng) }))
        .filter((p) => p.distance <= radius)
        .sort((a, b) => a.distance - b.distance);
    }
    const rows = (await db.selectFrom('parking_place').selectAll().execute()) as PlaceRow[];
    return rows
      .map((r) => placeOf(r, lat, lng))
      .filter((p) => p.distance <= radius)
      .sort((a, b) => a.distance - b.distance);
  });

  ctx.router.route(calls.parkingOrders, async ({ query: { status, page } }) => {
    if (provider) {
      const res = await upstream(() => provider.orders(status, page, PAGE_SIZE));
      const list = res.orders.map(withDuration);
      return { list, total: res.total, page, size: PAGE_SIZE, months: monthlyTotals(list) };
    }
    let q = db.selectFrom('parking_order').selectAll();
    if (status) q = q.where('status', '=', status);
    const all = ((await q.orderBy('start_at', 'desc').orderBy('id', 'desc').execute()) as OrderRow[]).map(
      orderOf,
    );
    return {
      list: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total: all.length,
      page,
      size: PAGE_SIZE,
      months: monthlyTotals(all),
    };
  });

  const placeValues = (b: z.output<typeof ParkingPlaceInput>) => ({
    name: b.name,
    address: b.address,
    lat: b.lat,
    lng: b.lng,
    capacity: b.capacity,
    free: b.free,
    price: b.price,
  });
  const placeById = async (id: number) => {
    const row = (await db.selectFrom('parking_place').selectAll().where('id', '=', id).executeTakeFirst()) as
      | PlaceRow
      | undefined;
    if (!row) throw notFound(said('error.parking.noPlace'));
    return placeOf(row, Number(row.lat), Number(row.lng));
  };
  ctx.router.route(calls.parkingPlaceCreate, async ({ body }) => {
    const row = await db
      .insertInto('parking_place')
      .values({ ...placeValues(body), created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return placeById(row.id);
  });
  ctx.router.route(calls.parkingPlaceUpdate, async ({ params, body }) => {
    const res = await db
      .updateTable('parking_place')
      .set(placeValues(body))
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(said('error.parking.noPlace'));
    return placeById(params.id);
  });
  ctx.router.route(calls.parkingPlaceDelete, async ({ params }) => {
    const res = await db.deleteFrom('parking_place').where('id', '=', params.id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound(said('error.parking.noPlace'));
    return { ok: true as const };
  });

  const orderValues = (b: z.output<typeof ParkingOrderInput>) => ({
    place: b.place,
    start_at: b.startAt,
    end_at: b.endAt,
    fee: Math.round(b.fee * 100),
    status: b.status,
  });
  const orderById = async (id: number) => {
    const row = (await db.selectFrom('parking_order').selectAll().where('id', '=', id).executeTakeFirst()) as
      | OrderRow
      | undefined;
    if (!row) throw notFound(said('error.parking.noOrder'));
    return orderOf(row);
  };
  ctx.router.route(calls.parkingOrderCreate, async ({ body }) => {
    const row = await db
      .insertInto('parking_order')
      .values({ ...orderValues(body), created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return orderById(row.id);
  });
  ctx.router.route(calls.parkingOrderUpdate, async ({ params, body }) => {
    const res = await db
      .updateTable('parking_order')
      .set(orderValues(body))
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(said('error.parking.noOrder'));
    return orderById(params.id);
  });
  ctx.router.route(calls.parkingOrderDelete, async ({ params }) => {
    const res = await db.deleteFrom('parking_order').where('id', '=', params.id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound(said('error.parking.noOrder'));
    return { ok: true as const };
  });
  return {};
};
