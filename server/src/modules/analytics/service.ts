import type { AnalyticsClient, AnalyticsSummary } from '@candy/contract/calls/insight';
import type { Language } from '@candy/contract/languages';
import { notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { AnalyticsRepo } from './repo.ts';

const DAY = 86_400_000;

type ClientRow = NonNullable<Awaited<ReturnType<AnalyticsRepo['client']>>>;

const top = (counts: Map<string, number>, limit: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name, views]) => ({ name, views }));

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);

export const createAnalyticsService = ({ repo, now }: { repo: AnalyticsRepo; now: () => number }) => {
  const withViews = async (rows: ClientRow[]): Promise<AnalyticsClient[]> => {
    const views = await repo.viewsOf(rows.map((r) => r.id));
    return rows.map((r) => {
      const pages = new Map<string, number>();
      const referrers = new Map<string, number>();
      for (const v of views) {
        if (v.client_id !== r.id) continue;
        add(pages, v.path, Number(v.views));
        if (v.referrer) add(referrers, v.referrer, Number(v.views));
      }
      return {
        id: r.id,
        uuid: r.uuid,
        firstSeen: Number(r.first_seen),
        lastSeen: Number(r.last_seen),
        views: r.views,
        pages: top(pages, 10).map((p) => p.name),
        referrers: top(referrers, 10).map((p) => p.name),
        device: { browser: r.browser, os: r.os, platform: r.platform },
        label: r.label,
        excluded: r.excluded === 1,
      };
    });
  };

  return {
    async clients(q: { from?: number; to?: number; sort: 'lastSeen' | 'views'; page: number; size: number }) {
      const { rows, total } = await repo.listClients(q);
      return { list: await withViews(rows), total, page: q.page, size: q.size };
    },
    async update(id: number, patch: { label?: string; excluded?: boolean }) {
      if (!(await repo.updateClient(id, patch))) throw notFound(said('error.analytics.noVisitor'));
      const row = await repo.client(id);
      if (!row) throw notFound(said('error.analytics.noVisitor'));
      const [client] = await withViews([row]);
      return client as AnalyticsClient;
    },
    /** `language`: the caller's, for the label of what is not known. */
    async summary(days: number, language: Language): Promise<AnalyticsSummary> {
      const today = Math.floor(now() / DAY) * DAY;
      const since = today - (days - 1) * DAY;
      const rows = await repo.viewsSince(since);
      const daily = Array.from({ length: days }, (_, i) => ({
        day: new Date(since + i * DAY).toISOString().slice(0, 10),
        views: 0,
        uniques: new Set<number>(),
      }));
      const pages = new Map<string, number>();
      const referrers = new Map<string, number>();
      const hours = Array.from({ length: 24 }, () => 0);
      const clients = new Map<number, { browser: string; os: string; platform: string }>();
      let views = 0;
      for (const r of rows) {
        const hour = Number(r.hour);
        const n = Number(r.views);
        const slot = daily[Math.floor((hour - since) / DAY)];
        if (!slot) continue;
        slot.views += n;
        slot.uniques.add(r.client_id);
        views += n;
        add(pages, r.path, n);
        if (r.referrer) add(referrers, r.referrer, n);
        const h = new Date(hour).getUTCHours();
        hours[h] = (hours[h] ?? 0) + n;
        clients.set(r.client_id, { browser: r.browser, os: r.os, platform: r.platform });
      }
      const unknown = serverText(language, 'analytics.unknown');
      const by = (pick: (c: { browser: string; os: string; platform: string }) => string) => {
        const m = new Map<string, number>();
        for (const c of clients.values()) add(m, pick(c) || unknown, 1);
        return top(m, 10);
      };
      return {
        days,
        daily: daily.map((d) => ({ day: d.day, views: d.views, uniques: d.uniques.size })),
        totals: { views, uniques: clients.size },
        pages: top(pages, 10),
        referrers: top(referrers, 10),
        devices: { platform: by((c) => c.platform), browser: by((c) => c.browser), os: by((c) => c.os) },
        hours,
      };
    },
  };
};

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
