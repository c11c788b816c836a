import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { insightRoutes as routes } from '../routes/insight.ts';

const idParams = z.lazy(() => z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }));
const page = z.lazy(() => z.coerce.number().int().min(1).max(100_000).default(1));
const time = z.lazy(() => z.coerce.number().int().min(0).max(8_640_000_000_000_000));

/** A visitor device (its X-Uuid) as analytics saw it. */
export const AnalyticsClient = z.lazy(() =>
  z.object({
    id: z.number(),
    uuid: z.string(),
    firstSeen: z.number(),
    lastSeen: z.number(),
    views: z.number(),
    /** Distinct pages, most viewed first (at most 10). */
    pages: z.array(z.string()),
    /** Hosts of the outside pages it came from. */
    referrers: z.array(z.string()),
    device: z.object({ browser: z.string(), os: z.string(), platform: z.string() }),
    label: z.string(),
    excluded: z.boolean(),
  }),
);
export type AnalyticsClient = z.infer<typeof AnalyticsClient>;

export const AnalyticsClientQuery = z.lazy(() =>
  z.object({
    page,
    size: z.coerce.number().int().min(1).max(100).default(20),
    /** Clients seen (last seen) within [from, to]. */
    from: time.optional(),
    to: time.optional(),
    sort: z.enum(['lastSeen', 'views']).default('lastSeen'),
  }),
);

export const AnalyticsClientUpdate = z.lazy(() =>
  z
    .strictObject({ label: z.string().trim().max(64).optional(), excluded: z.boolean().optional() })
    .refine((b) => b.label !== undefined || b.excluded !== undefined, { message: 'schema.noChanges' }),
);

const counted = z.lazy(() => z.array(z.object({ name: z.string(), views: z.number() })));

export const AnalyticsSummary = z.lazy(() =>
  z.object({
    days: z.number(),
    /** One entry a UTC day, oldest first, days without views included. */
    daily: z.array(z.object({ day: z.string(), views: z.number(), uniques: z.number() })),
    totals: z.object({ views: z.number(), uniques: z.number() }),
    pages: counted,
    referrers: counted,
    /** Clients by platform, browser and OS. */
    devices: z.object({ platform: counted, browser: counted, os: counted }),
    /** Views by UTC hour of day, 24 entries. */
    hours: z.array(z.number()),
  }),
);
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;

/** `aa:bb:cc:dd:ee:ff`, `-` separators or none; any case. */
export const MacAddress = z.lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/, 'schema.insight.mac')
    .transform((m) =>
      m
        .replace(/[:-]/g, '')
        .toLowerCase()
        .replace(/(..)(?!$)/g, '$1:'),
    ),
);

export const MacInfo = z.object({
  mac: z.string(),
  /** The registered company, '' when unknown. */
  vendor: z.string(),
  /** `MA-L`, `MA-M`, `MA-S`, `private` (locally administered) or `unknown`. */
  registry: z.enum(['MA-L', 'MA-M', 'MA-S', 'private', 'unknown']),
  /** The company's registered address lines. */
  address: z.string(),
});
export type MacInfo = z.infer<typeof MacInfo>;

export const OnlineDevice = z.lazy(() =>
  z.object({
    mac: z.string(),
    ip: z.string(),
    hostname: z.string(),
    label: z.string(),
    vendor: z.string(),
    registry: MacInfo.shape.registry,
    online: z.boolean(),
    firstSeen: z.number(),
    lastSeen: z.number(),
    /** Since when it has been online without a gap (null when offline). */
    onlineSince: z.number().nullable(),
    /** Presence intervals overlapping today (UTC). */
    today: z.array(z.object({ start: z.number(), end: z.number() })),
  }),
);
export type OnlineDevice = z.infer<typeof OnlineDevice>;

export const Latitude = z.lazy(() => z.coerce.number().min(-90).max(90));
export const Longitude = z.lazy(() => z.coerce.number().min(-180).max(180));

export const ParkingPlace = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    lat: z.number(),
    lng: z.number(),
    capacity: z.number().nullable(),
    free: z.number().nullable(),
    price: z.string(),
    /** Metres from the asked position. */
    distance: z.number(),
  }),
);
export type ParkingPlace = z.infer<typeof ParkingPlace>;

export const ParkingStatus = z.enum(['ongoing', 'finished', 'cancelled']);

export const ParkingOrder = z.lazy(() =>
  z.object({
    id: z.string(),
    place: z.string(),
    startAt: z.number(),
    endAt: z.number().nullable(),
    /** Minutes, null while ongoing. */
    duration: z.number().nullable(),
    /** In yuan. */
    fee: z.number(),
    status: ParkingStatus,
  }),
);
export type ParkingOrder = z.infer<typeof ParkingOrder>;

export const ParkingPlaceInput = z.lazy(() =>
  z.strictObject({
    name: z.string().trim().min(1).max(100),
    address: z.string().trim().max(200).default(''),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    capacity: z.number().int().min(0).max(1_000_000).nullable().default(null),
    free: z.number().int().min(0).max(1_000_000).nullable().default(null),
    price: z.string().trim().max(100).default(''),
  }),
);
export type ParkingPlaceInput = z.input<typeof ParkingPlaceInput>;

export const ParkingOrderInput = z.lazy(() =>
  z
    .strictObject({
      place: z.string().trim().min(1).max(100),
      startAt: z.number().int().min(0).max(8_640_000_000_000_000),
      endAt: z.number().int().min(0).max(8_640_000_000_000_000).nullable().default(null),
      fee: z.number().min(0).max(1_000_000),
      status: ParkingStatus,
    })
    .refine((o) => o.endAt === null || o.endAt >= o.startAt, {
      message: 'schema.insight.range',
      path: ['endAt'],
    }),
);
export type ParkingOrderInput = z.input<typeof ParkingOrderInput>;

const ok = z.lazy(() => z.object({ ok: z.literal(true) }));

export const insightCalls = {
  analyticsClients: defineCall(routes.analyticsClients, () => ({
    query: AnalyticsClientQuery,
    response: z.object({
      list: z.array(AnalyticsClient),
      total: z.number(),
      page: z.number(),
      size: z.number(),
    }),
  })),
  analyticsClientUpdate: defineCall(routes.analyticsClientUpdate, () => ({
    params: idParams,
    body: AnalyticsClientUpdate,
    response: AnalyticsClient,
  })),
  /** Figures for the charts over the last `days` days; excluded clients never count. */
  analyticsSummary: defineCall(routes.analyticsSummary, () => ({
    query: z.object({
      days: z.enum(['30', '90', '365']).default('30').transform(Number),
    }),
    response: AnalyticsSummary,
  })),
  /** Devices from DEVICE_SOURCE, known ones first; each poll updates first/last seen. */
  onlineDevices: defineCall(routes.onlineDevices, () => ({
    response: z.object({ sources: z.array(z.string()), list: z.array(OnlineDevice) }),
  })),
  onlineDeviceUpdate: defineCall(routes.onlineDeviceUpdate, () => ({
    params: z.object({ mac: MacAddress }),
    body: z.strictObject({ label: z.string().trim().max(64) }),
    response: ok,
  })),
  /** Vendor of a MAC from the offline IEEE registry (longest prefix wins). */
  macInfo: defineCall(routes.macInfo, () => ({ query: z.object({ mac: MacAddress }), response: MacInfo })),
  parkingByPosition: defineCall(routes.parkingByPosition, () => ({
    query: z.object({
      lat: Latitude,
      lng: Longitude,
      /** Metres. */
      radius: z.coerce.number().int().min(50).max(50_000).default(2000),
    }),
    response: z.array(ParkingPlace),
  })),
  parkingOrders: defineCall(routes.parkingOrders, () => ({
    query: z.object({ status: ParkingStatus.optional(), page }),
    response: z.object({
      list: z.array(ParkingOrder),
      total: z.number(),
      page: z.number(),
      size: z.number(),
      /** Per month (YYYY-MM, UTC) over every order of the status, newest first. */
      months: z.array(
        z.object({ month: z.string(), count: z.number(), fee: z.number(), minutes: z.number() }),
      ),
    }),
  })),
  mapConfig: defineCall(routes.mapConfig, () => ({
    response: z.object({
      tileUrl: z.string(),
      attribution: z.string(),
      /** `provider` when PARKING_API_BASE is set, else `own` (the owner's records, editable). */
      source: z.enum(['provider', 'own']),
    }),
  })),
  parkingPlaceCreate: defineCall(routes.parkingPlaceCreate, () => ({
    body: ParkingPlaceInput,
    response: ParkingPlace,
  })),
  parkingPlaceUpdate: defineCall(routes.parkingPlaceUpdate, () => ({
    params: idParams,
    body: ParkingPlaceInput,
    response: ParkingPlace,
  })),
  parkingPlaceDelete: defineCall(routes.parkingPlaceDelete, () => ({ params: idParams, response: ok })),
  parkingOrderCreate: defineCall(routes.parkingOrderCreate, () => ({
    body: ParkingOrderInput,
    response: ParkingOrder,
  })),
  parkingOrderUpdate: defineCall(routes.parkingOrderUpdate, () => ({
    params: idParams,
    body: ParkingOrderInput,
    response: ParkingOrder,
  })),
  parkingOrderDelete: defineCall(routes.parkingOrderDelete, () => ({ params: idParams, response: ok })),
} satisfies Record<keyof typeof routes, CallDef>;
