import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import { customHeaders, exposedHeaders, Header } from '@candy/contract';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import { createEventBus } from './events.ts';
import { registerFeeds } from './feeds/index.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import { clientErrorHandler, frameworkErrorHandler } from './http/frameworkErrors.ts';
import { type OwnerGuard, refuseEveryone } from './http/guards.ts';
import { createIdempotency } from './http/idempotency.ts';
import { installLingeringClose } from './http/lingeringClose.ts';
import { installMultipart } from './http/multipart.ts';
import { noJsonSchemas } from './http/noJsonSchemas.ts';
import { createPublicCache, type PublicCache } from './http/publicCache.ts';
import { createRouter, type Router } from './http/router.ts';
import { httpsDetector, installSecurityHeaders, loggableUrl } from './http/security.ts';
import { registerWebApp } from './http/webApp.ts';
import { createAppLogger } from './logging/createLogger.ts';
import { installAnalyticsHook } from './modules/analytics/recorder.ts';
import { type Modules, registerModules } from './modules/index.ts';
import { logModule } from './modules/log/index.ts';
import { answerPreflights, PROTOCOL_PREFIXES, protocolScope } from './modules/oauth/protocolScope.ts';
import { logNotify } from './notify.ts';
import { type BlobStorage, createStorage } from './storage/index.ts';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  /** Clock for every service; tests move it instead of waiting. */
  now?: () => number;
  /** Tests only: an owner guard that stands in for the auth module's, so tests need not log in. */
  ownerGuard?: OwnerGuard;
}

export interface App {
  server: FastifyInstance;
  router: Router;
  modules: Modules;
  publicCache: PublicCache;
  storage: BlobStorage;
}

/** Builds the whole HTTP application; main.ts listens on it, tests inject into it. */
export const buildApp = async ({
  config,
  database,
  now = Date.now,
  ownerGuard: testGuard,
}: AppDeps): Promise<App> => {
  // Cached public reads are answered before Fastify sees them (publicCache.serveRaw, issue 16).
  let serveRaw: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  const appLogger = createAppLogger(config, database.db);
  const server = Fastify({
    serverFactory: (handler) => {
      const http = createServer((req, res) => {
        if (!serveRaw?.(req, res)) handler(req, res);
      });
      http.keepAliveTimeout = 72_000;
      return http;
    },
    // Widened to Fastify's logger type so the instance keeps the default generic (pino is one).
    loggerInstance: appLogger.logger as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'reqId', disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler: clientErrorHandler(config),
    schemaController: noJsonSchemas,
    // HEAD is answered by the GET route, its body left out by Node (a response knows its request's
    // method from the start). Fastify's own HEAD twin of every GET route doubled the route tree:
    // 1 MB of an idle server's heap (issue 39). The access log then names such a request GET.
    exposeHeadRoutes: false,
    rewriteUrl: (req) => {
      if (req.method === 'HEAD') req.method = 'GET';
      return req.url ?? '/';
    },
  });

  installErrorHandler(server);
  installSecurityHeaders(server, config);
  installLingeringClose(server);
  server.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: loggableUrl(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  await server.register(fastifyCors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    // `authorization`: API tokens (issue 26.4) from scripts on another origin.
    allowedHeaders: ['content-type', 'authorization', 'idempotency-key', ...customHeaders],
    exposedHeaders: [...exposedHeaders],
    maxAge: 600,
  });
  await server.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs far more CPU than it saves on dynamic answers.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await installMultipart(server);

  let ownerGuard: OwnerGuard = testGuard ?? refuseEveryone;
  const router = createRouter({
    app: server,
    prefix: config.apiBasePath,
    ownerGuard: () => ownerGuard,
    darkKey: config.darkKey,
    now,
    idempotency: createIdempotency(database.db, now),
    language: config.siteLanguage,
  });
  const publicCache = createPublicCache({ now });
  // Set once the modules exist: visits answered by the fast path are counted too (issue 13).
  let recordRaw: ((req: IncomingMessage) => void) | null = null;
  // Reads answered from memory before Fastify: cached answers, then (once the modules exist) quotes.
  const rawReads: ((
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    https: boolean,
  ) => boolean)[] = [publicCache.serveRaw];
  const isHttps = httpsDetector(config.trustProxy);
  serveRaw = (req, res) => {
    // Every raw read is a GET: anything else goes straight on, without a request id made for nothing.
    if (req.method !== 'GET') return false;
    const requestId = randomUUID();
    const https = isHttps(req);
    // A loop, not `some` with a closure: nothing is allocated per request that need not be.
    let answered = false;
    for (let i = 0; i < rawReads.length && !answered; i += 1)
      answered = (rawReads[i] as (typeof rawReads)[number])(req, res, requestId, https);
    if (!answered) return false;
    recordRaw?.(req);
    appLogger.accessLine(requestId, 'GET', loggableUrl(req.url ?? ''), res.statusCode);
    return true;
  };
  const storage = createStorage(config);
  const modules = registerModules({
    router,
    publicCache,
    storage,
    notify: logNotify(server.log as unknown as Logger),
    events: createEventBus(server.log as unknown as Logger),
    db: database.db,
    dialect: database.dialect,
    config,
    now,
    logger: server.log as unknown as Logger,
    setOwnerGuard: (guard) => {
      // A test's own guard wins over the auth module's.
      if (!testGuard) ownerGuard = guard;
    },
  });

  modules.federation.mount(server);
  // The apps' paths sit at the root whatever API_BASE_PATH is (apps know no other place); under the
  // default `/api` they are not our API's, and the router's start-up check is told so.
  router.allowForeign(PROTOCOL_PREFIXES);
  await protocolScope(server, async (scope) => {
    answerPreflights(scope, [
      '/api/v1/*',
      '/api/v2/*',
      '/oauth/*',
      '/.well-known/oauth-authorization-server',
    ]);
    modules.apps.oauth(scope);
    modules.apps.mastodon(scope);
  });
  // The clip processing queue runs with the server, not with one-off commands that build the app.
  server.addHook('onReady', async () => {
    modules.videos.worker.start();
    modules.federation.start();
  });
  server.addHook('onClose', async () => {
    modules.reservations.stop();
    modules.scheduler.stop();
    modules.snapshotTrigger.stop();
    // A newsletter run ends after the mail in flight; the next run (here or on another replica) goes on.
    modules.newsletter.sender.stop();
    // The scheduler's runs include snapshot exports: the data dir must not vanish under git.
    await Promise.all([modules.videos.worker.stop(), modules.scheduler.idle(), modules.federation.stop()]);
    appLogger.flush();
    await appLogger.shipper?.stop();
  });
  server.addHook('onReady', async () => appLogger.shipper?.start());
  // Listening, not ready: `inject()` readies an app too, and most apps built by tests never knock.
  server.addHook('onListen', async () => modules.handshakes.warm());
  rawReads.push(modules.hitokotoFastRead.serve);
  installAnalyticsHook(server, modules.analytics.recorder);
  recordRaw = (req) => {
    // Only a visitor's page call carries a visitor id; a fast answer without one (feeds, crawlers,
    // load tests) has nothing to count, and skips reading the peer's address (a call into the
    // socket). A plain object, not one with getters: getters closing over each request gave every
    // call its own hidden class, and the answers' objects outlived two young-generation
    // collections (0.55× bare instead of 0.7×, issue 39).
    if (req.headers[Header.uuid] === undefined) return;
    modules.analytics.recorder.record({
      url: req.url ?? '',
      headers: req.headers,
      // Behind a trusted proxy the client is the first forwarded address, as Fastify reads it.
      ip:
        (config.trustProxy &&
          String(req.headers['x-forwarded-for'] ?? '')
            .split(',')[0]
            ?.trim()) ||
        req.socket.remoteAddress ||
        '',
      hostname: String(req.headers.host ?? ''),
    });
  };

  logModule(router, {
    dir: appLogger.logDir,
    replica: appLogger.replica,
    settled: appLogger.settled,
    shared: appLogger.shipper ? database.db : null,
  });
  registerFeeds(server, config, {
    visibleEssays: () => modules.essays.listForSnapshot(),
    feedEssays: async (count) =>
      modules.images.withPictures((await modules.essays.listForSnapshot()).slice(0, count)),
  });
  await registerWebApp(server, config, storage, modules.importers.imports.resolveOldPath);
  return { server, router, modules, publicCache, storage };
};
