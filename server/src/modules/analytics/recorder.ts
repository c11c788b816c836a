import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Header } from '@candy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { deviceOf } from '../../http/userAgent.ts';
import { type AnalyticsRepo, type PendingBatch, viewWindowMs } from './repo.ts';

export { viewWindowMs };

const uuidShape = /^[\w-]{8,64}$/;

export interface RecorderDeps {
  repo: AnalyticsRepo;
  enabled: boolean;
  flushMs: number;
  apiBasePath: string;
  siteDomains: string[];
  now: () => number;
  logger: Logger;
}

export interface ParsedReferrer {
  path: string | null;
  referrer: string;
}

/**
 * Reads an `X-Referrer` value: the web client sends the route the visitor is on (`/chaos?x=1`),
 * followed by a space and the outside page it came from when there is one. A bare absolute URL
 * (older clients) is the outside page, or our own page when its host is one of ours.
 */
export const parseReferrer = (
  value: string,
  ownHosts: readonly string[],
  requestHost = '',
): ParsedReferrer => {
  let path: string | null = null;
  let referrer = '';
  // Hand-rolled rather than URL parsing: this runs on every visitor call.
  for (const token of value.trim().split(' ')) {
    if (token.startsWith('/')) {
      if (path === null) path = (token.split(/[?#]/)[0] ?? '/').slice(0, 200) || '/';
      continue;
    }
    const url = /^https?:\/\/([^/?#:\s]+)(?::\d+)?([^?#\s]*)/i.exec(token);
    if (!url) continue;
    const host = (url[1] ?? '').toLowerCase();
    if (host === requestHost || ownHosts.includes(host)) path ??= (url[2] || '/').slice(0, 200);
    else referrer = host.slice(0, 200);
  }
  return { path, referrer };
};

/**
 * What a recorded request needs: a Fastify request, or a raw one answered by the cached fast path
 * (issue 16) before Fastify saw it.
 */
export type RecordedRequest = Pick<FastifyRequest, 'url' | 'headers' | 'ip' | 'hostname'>;

/**
 * Counts page views from visitor calls without touching the database on the request path: views
 * gather in memory and are written every `flushMs` as one batch (with an id, applied at most once).
 * The memory of the last page only thins the batch; whether a view counts is decided in the
 * database (repo.ts), because nginx spreads one page's calls over several replicas.
 */
export const createRecorder = (deps: RecorderDeps) => {
  const { repo, now, logger } = deps;
  let enabled = deps.enabled;
  // A salt that lives only in memory: the stored hash links a client's requests, never an address.
  const salt = randomBytes(16).toString('hex');
  const lastView = new Map<string, { path: string; at: number }>();
  let pending: PendingBatch = { id: randomUUID(), clients: new Map(), views: [] };
  let failed: PendingBatch[] = [];
  let timer: NodeJS.Timeout | null = null;

  const record = (req: RecordedRequest): void => {
    if (!enabled || !req.url.startsWith(deps.apiBasePath)) return;
    const uuid = req.headers[Header.uuid];
    const referrerHeader = req.headers[Header.referrer];
    if (typeof uuid !== 'string' || typeof referrerHeader !== 'string' || !uuidShape.test(uuid)) return;
    // The owner (a key in X-Fingerprint) is no visitor.
    if (req.headers[Header.fingerprint]) return;
    const parsed = parseReferrer(
      referrerHeader.slice(0, 1024),
      deps.siteDomains,
      req.hostname.replace(/:\d+$/, '').toLowerCase(),
    );
    const { referrer } = parsed;
    // A bare outside URL (DESIGN §3's `document.referrer` form) is an arrival from that page whose
    // route is not named: counted on the entry `/` rather than dropped with its referrer.
    const path = parsed.path ?? (referrer ? '/' : null);
    if (path === null || path.startsWith('/great-old-one') || path === '/contract') return;
    const at = now();
    const last = lastView.get(uuid);
    if (last && last.path === path && at - last.at < viewWindowMs) return;
    if (lastView.size > 50_000) lastView.clear();
    lastView.set(uuid, { path, at });
    let client = pending.clients.get(uuid);
    if (!client) {
      const ua = req.headers['user-agent'];
      client = {
        firstSeen: at,
        lastSeen: at,
        ...deviceOf(typeof ua === 'string' ? ua.slice(0, 512) : ''),
        ipHash: createHash('sha256').update(`${salt}|${req.ip}`).digest('hex').slice(0, 16),
      };
      pending.clients.set(uuid, client);
    }
    client.lastSeen = at;
    pending.views.push({ uuid, at, path, referrer });
  };

  let flushing: Promise<void> | null = null;
  const flushOnce = async (): Promise<void> => {
    if (pending.clients.size > 0) {
      failed.push(pending);
      pending = { id: randomUUID(), clients: new Map(), views: [] };
    }
    const batches = failed;
    failed = [];
    for (const batch of batches) {
      try {
        await repo.apply(batch, now());
      } catch (error) {
        // Kept with its id: a retry of a batch that did commit is skipped, never counted twice.
        failed.push(batch);
        logger.warn({ err: error }, 'analytics flush failed; will retry');
      }
    }
  };
  const flush = async (): Promise<void> => {
    while (flushing !== null) await flushing;
    flushing = flushOnce().finally(() => {
      flushing = null;
    });
    await flushing;
  };

  return {
    record,
    flush,
    get enabled() {
      return enabled;
    },
    setEnabled(on: boolean) {
      enabled = on;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), deps.flushMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
};

export type Recorder = ReturnType<typeof createRecorder>;

/** Records after the answer has gone out, so a visitor never waits for it. */
export const installAnalyticsHook = (server: FastifyInstance, recorder: Recorder): void => {
  server.addHook('onResponse', (req, _reply, done) => {
    recorder.record(req);
    done();
  });
  server.addHook('onReady', async () => recorder.start());
  server.addHook('onClose', async () => recorder.stop());
};
