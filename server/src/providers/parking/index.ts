import * as z from 'zod';
import { fetchJson } from '../fetchJson.ts';

/**
 * A parking provider speaks our JSON shape (documented in docs/decisions.md, issue 13):
 * `GET {base}/places?lat=&lng=&radius=` → `{ places: ProviderPlace[] }` and
 * `GET {base}/orders?status=&page=&size=` → `{ orders: ProviderOrder[], total }`.
 */
export const ProviderPlace = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  address: z.string().default(''),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  capacity: z.number().nullable().default(null),
  free: z.number().nullable().default(null),
  price: z.string().default(''),
});
export const ProviderOrder = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  place: z.string(),
  startAt: z.number(),
  endAt: z.number().nullable().default(null),
  fee: z.number(),
  status: z.enum(['ongoing', 'finished', 'cancelled']),
});

export const createParkingProvider = (base: string, timeoutMs = 8000) => {
  const root = base.replace(/\/+$/, '');
  return {
    async places(lat: number, lng: number, radius: number) {
      const url = `${root}/places?${new URLSearchParams({ lat: String(lat), lng: String(lng), radius: String(radius) })}`;
      return (await fetchJson(url, z.object({ places: z.array(ProviderPlace) }), { timeoutMs })).places;
    },
    async orders(status: string | undefined, page: number, size: number) {
      const q = new URLSearchParams({ page: String(page), size: String(size) });
      if (status) q.set('status', status);
      return fetchJson(
        `${root}/orders?${q}`,
        z.object({ orders: z.array(ProviderOrder), total: z.number() }),
        {
          timeoutMs,
        },
      );
    },
  };
};

export type ParkingProvider = ReturnType<typeof createParkingProvider>;
