import { insightCalls as calls, type OnlineDevice } from '@candy/contract/calls/insight';
import { notFound, providerFailed } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { type DeviceSource, deviceSources, type SeenDevice } from '../../providers/devices/index.ts';
import { ProviderError } from '../../providers/fetchJson.ts';
import type { ModuleContext } from '../context.ts';
import { macInfo } from './oui.ts';

const DAY = 86_400_000;
/** Polls further apart than this start a new presence interval. */
export const presenceGapMs = 10 * 60_000;

/** Devices on the owner's home network (issue 13), first/last seen and presence kept in the DB. */
export const devicesModule = (ctx: ModuleContext, options: { sources?: DeviceSource[] } = {}) => {
  const { db, now } = ctx;
  const sources = options.sources ?? deviceSources(ctx.config.deviceSource, ctx.config.deviceUbus);

  const poll = async (): Promise<Map<string, SeenDevice>> => {
    const seen = new Map<string, SeenDevice>();
    let failures = 0;
    for (const source of sources) {
      try {
        for (const d of await source.list()) {
          const known = seen.get(d.mac);
          seen.set(d.mac, {
            mac: d.mac,
            ip: d.ip || known?.ip || '',
            hostname: d.hostname || known?.hostname || '',
          });
        }
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        failures += 1;
        ctx.logger.warn({ err: error, source: source.name }, 'device source failed');
      }
    }
    if (sources.length > 0 && failures === sources.length)
      throw providerFailed(said('error.devices.sourcesDown'));
    return seen;
  };

  const record = async (seen: Map<string, SeenDevice>, at: number) => {
    await db.transaction().execute(async (trx) => {
      for (const d of seen.values()) {
        await trx
          .insertInto('net_device')
          .values({ mac: d.mac, ip: d.ip, hostname: d.hostname, label: '', first_seen: at, last_seen: at })
          .onConflict((oc) =>
            oc.column('mac').doUpdateSet({
              ip: (eb) => eb.ref('excluded.ip'),
              last_seen: (eb) => eb.ref('excluded.last_seen'),
              ...(d.hostname ? { hostname: d.hostname } : {}),
            }),
          )
          .execute();
        const last = await trx
          .selectFrom('net_presence')
          .select(['id', 'end_at'])
          .where('mac', '=', d.mac)
          .orderBy('end_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (last && Number(last.end_at) >= at - presenceGapMs)
          await trx.updateTable('net_presence').set({ end_at: at }).where('id', '=', last.id).execute();
        else await trx.insertInto('net_presence').values({ mac: d.mac, start_at: at, end_at: at }).execute();
      }
    });
  };

  ctx.router.route(calls.onlineDevices, async () => {
    const at = now();
    const seen = await poll();
    await record(seen, at);
    const today = Math.floor(at / DAY) * DAY;
    const devices = await db.selectFrom('net_device').selectAll().orderBy('last_seen', 'desc').execute();
    const presence = await db
      .selectFrom('net_presence')
      .selectAll()
      .where('end_at', '>=', today)
      .orderBy('start_at')
      .execute();
    const list: OnlineDevice[] = devices.map((d) => {
      const info = macInfo(d.mac);
      const mine = presence.filter((p) => p.mac === d.mac);
      const online = seen.has(d.mac);
      const latest = mine.at(-1);
      return {
        mac: d.mac,
        ip: d.ip,
        hostname: d.hostname,
        label: d.label,
        vendor: info.vendor,
        registry: info.registry,
        online,
        firstSeen: Number(d.first_seen),
        lastSeen: Number(d.last_seen),
        onlineSince: online && latest ? Number(latest.start_at) : null,
        today: mine.map((p) => ({ start: Math.max(today, Number(p.start_at)), end: Number(p.end_at) })),
      };
    });
    list.sort((a, b) => Number(b.online) - Number(a.online));
    return { sources: sources.map((s) => s.name), list };
  });

  ctx.router.route(calls.onlineDeviceUpdate, async ({ params, body }) => {
    const res = await db
      .updateTable('net_device')
      .set({ label: body.label })
      .where('mac', '=', params.mac)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(said('error.devices.unknown'));
    return { ok: true as const };
  });

  ctx.router.route(calls.macInfo, async ({ query }) => macInfo(query.mac));
  return {};
};
