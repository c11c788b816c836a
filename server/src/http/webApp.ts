import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@candy/contract/languages';
import { isSitePath, movedEssayPath } from '@candy/contract/sitePaths';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { feedPath, jsonFeedPath } from '../feeds/index.ts';
import { said } from '../i18n/said.ts';
import { type BlobStorage, isPrivateKey } from '../storage/index.ts';
import { compressBody, encodingFor } from './acceptEncoding.ts';
import { contentTypeOf } from './contentTypes.ts';
import { sendError } from './errorHandler.ts';
import { notFound } from './errors.ts';
import { inlineLinkedStylesheets } from './inlineStyles.ts';
import { createPageCatalogues, htmlLangOf, languageOf, languageVary } from './pageLanguage.ts';
import { serveRanged } from './rangedReply.ts';
import { safeJoin } from './safePath.ts';
import { createServerRenderer, type RenderedPage } from './serverRender.ts';

/** Runtime configuration the web client reads from index.html (it is JSON data, never executed). */
export const runtimeConfigOf = (config: Config) => ({
  title: config.siteTitle,
  domains: config.siteDomains,
  apiBasePath: config.apiBasePath,
  apiCandidates: config.apiCandidates,
  devApiBase: config.devApiBase,
  offlineMirrors: config.offlineMirrors,
  /** NetEase-compatible proxy the client calls for music while offline ('' = none). */
  musicProxyPublic: config.musicProxyPublic,
  /** Whether this server proxies music (MUSIC_API_BASE set); without it every lookup is a 5030. */
  musicOnline: config.musicApiBase !== undefined,
  /** The interface languages offered and the default (issue 44). */
  languages: config.siteLanguages,
  language: config.siteLanguage,
});

const titlePattern = /<title>[^<]*<\/title>/;
const descriptionPattern = /<meta name="description" content="[^"]*"\s*\/?>/;

/** Our Webmention endpoint (issue 29.4), which every page advertises. */
const webmentionEndpointOf = (config: Config) => `${config.apiBasePath}/webmention`;

/**
 * The site's title, the runtime configuration, the feeds (RSS and JSON Feed) every page points feed readers to, and the
 * Webmention endpoint (W3C Webmention §3.1.2 discovery by `<link>`; the header says it too).
 */
const injectRuntimeConfig = (html: string, config: Config): string => {
  const json = JSON.stringify(runtimeConfigOf(config)).replace(/</g, '\\u003c');
  const title = escapeHtml(config.siteTitle);
  const feed = `<link rel="alternate" type="application/rss+xml" href="${feedPath}" title="${title}"><link rel="alternate" type="application/feed+json" href="${jsonFeedPath}" title="${title}">`;
  const webmention = `<link rel="webmention" href="${escapeHtml(webmentionEndpointOf(config))}">`;
  return html
    .replace(titlePattern, `<title>${escapeHtml(config.siteTitle)}</title>`)
    .replace(
      '</head>',
      `${feed}${webmention}<script id="runtime-config" type="application/json">${json}</script></head>`,
    );
};

/**
 * A server-rendered page is read before its scripts run, so the chunks it hints (React DOM, the
 * page's own) are fetched at low priority: the page's first picture goes first on a slow network.
 * The entry keeps its usual priority. Lighthouse's simulation counts a high-priority script asked
 * for before the first paint as holding that paint back: with every script high, /chaos's first
 * paint was modelled at 2.0 s; with every script low, the first paint came before the page's first
 * layout, which then counted as blocking (TBT 200 ms, scores 95–99). With only the 23 KB entry high,
 * the modelled first paint is 1.0–1.1 s and TBT 0–44 ms (issue 30; docs/decisions.md). A page the
 * browser renders itself keeps its scripts high: it has nothing to show without them.
 */
const lowerScriptPriority = (html: string): string =>
  html.replaceAll(
    '<link rel="modulepreload" crossorigin ',
    '<link rel="modulepreload" fetchpriority="low" crossorigin ',
  );

/** index.html with a page's title, description, head tags and root markup in place. */
export const composePage = (html: string, page: RenderedPage): string => {
  let out = page.body === '' ? html : lowerScriptPriority(html);
  if (page.title !== undefined)
    out = out.replace(titlePattern, () => `<title>${escapeHtml(page.title ?? '')}</title>`);
  if (page.description !== undefined)
    out = out.replace(
      descriptionPattern,
      () => `<meta name="description" content="${escapeHtml(page.description ?? '')}">`,
    );
  const head = page.body === '' ? page.head : lowerScriptPriority(page.head);
  return out
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`);
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** What both trees of the built web app share. */
const builtFileOptions = {
  index: false,
  // Brotli (best quality) and gzip copies made by the build (scripts/build.mjs).
  preCompressed: true,
  serveDotFiles: false,
  dotfiles: 'ignore',
} as const;

/**
 * Paths machines ask for — WebFinger and the other well-known documents, ActivityPub, NodeInfo —
 * which answer 404 when unknown, never the page redirect (RFC 7033 §4.2 for WebFinger).
 */
export const isProtocolPath = (pathname: string): boolean =>
  /^\/(\.well-known|ap|nodeinfo)(\/|$)/.test(pathname);

/**
 * Serves the built SPA: hashed assets cached forever, index.html never cached, the app's own
 * addresses (contract/src/sitePaths.ts) answered with index.html so client routes survive a
 * reload, any other page address redirected to `/` (spec §2). Unknown API and protocol paths get
 * the 4040 envelope, not kept by any cache.
 */
export const registerWebApp = async (
  app: FastifyInstance,
  config: Config,
  storage?: BlobStorage,
  /** Where an imported item's old address lives now (issue 27), or null: answered with a 301. */
  oldLinks?: (url: string) => Promise<string | null>,
): Promise<void> => {
  const indexFile = path.join(config.webDist, 'index.html');
  const indexHtml = fs.existsSync(indexFile)
    ? injectRuntimeConfig(inlineLinkedStylesheets(fs.readFileSync(indexFile, 'utf8'), config.webDist), config)
    : null;
  if (!indexHtml) app.log.warn({ webDist: config.webDist }, 'web build missing: only the API is served');

  if (indexHtml) {
    // Hashed bundles: one wildcard route. (A route per file, as `wildcard: false` makes, cost
    // ≈ 50 ms of every start and megabytes of router and route state for several hundred files.)
    await app.register(fastifyStatic, {
      ...builtFileOptions,
      root: path.join(config.webDist, 'assets'),
      prefix: '/assets/',
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
    // The dozen files at the top (icons, manifest, push worker): a route each, so every other
    // path still falls through to the app. index.html is answered below, with the runtime
    // configuration injected; the build's compressed copies are never addressed directly.
    await app.register(fastifyStatic, {
      ...builtFileOptions,
      root: config.webDist,
      wildcard: false,
      globIgnore: ['index.html', 'assets/**', '**/*.br', '**/*.gz'],
      decorateReply: false,
      setHeaders: (res) => res.header('cache-control', 'no-cache'),
    });
  }

  // Uploaded and demo files: public, content-addressed names are not guaranteed, so revalidate.
  const filesRoot = path.join(config.dataDir, 'files');
  fs.mkdirSync(filesRoot, { recursive: true });
  /** Uploaded images and clips get fresh random names, so their bytes never change: cache for good. */
  const filesCacheControl = (key: string) =>
    /^(images|media)\//.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
  if (storage && storage.kind !== 'local') {
    // Blobs live in the shared object store; the demo pictures the seed wrote stay on this disk.
    app.get('/files/*', async (req, reply) => {
      const key = decodeURIComponent((req.params as { '*': string })['*']);
      if (key.split('/').some((part) => part.startsWith('.') || part === '') || isPrivateKey(key))
        throw notFound(said('error.files.notFound'));
      const found = await storage.stat(key).catch(() => null);
      const local = found ? null : await fs.promises.stat(safeJoin(filesRoot, key)).catch(() => null);
      if (!found && !local?.isFile()) throw notFound(said('error.files.notFound'));
      await serveRanged(
        found
          ? {
              size: found.size,
              type: found.contentType ?? contentTypeOf(key),
              open: (range) => storage.get(key, range),
            }
          : {
              size: local?.size ?? 0,
              type: contentTypeOf(key),
              open: async (range) => fs.createReadStream(safeJoin(filesRoot, key), range ?? {}),
            },
        filesCacheControl(key),
        req,
        reply,
      );
      return reply;
    });
  } else {
    await app.register(fastifyStatic, {
      root: filesRoot,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      serveDotFiles: false,
      dotfiles: 'ignore',
      allowedPath: (pathname) => !isPrivateKey(pathname.replace(/^\/+/, '')),
      cacheControl: false,
      setHeaders: (res, filePath: string) => {
        res.header(
          'cache-control',
          filesCacheControl(path.relative(filesRoot, filePath).split(path.sep).join('/')),
        );
      },
    });
  }

  // The offline snapshot tree, as a CDN mirror would serve it (for trying offline mode locally).
  fs.mkdirSync(config.snapshotDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.snapshotDir,
    prefix: '/snapshot/',
    decorateReply: false,
    index: ['index.html'],
    serveDotFiles: false,
    dotfiles: 'ignore',
    allowedPath: (pathname) => !pathname.split('/').includes('.git'),
    setHeaders: (res, filePath: string) => {
      res.header('cache-control', 'no-cache');
      res.header('access-control-allow-origin', '*');
      if (!path.extname(filePath)) res.header('content-type', 'application/json; charset=utf-8');
    },
  });

  const catalogues = createPageCatalogues(config.webDist);
  /** index.html in each language: `<html lang>` and the public catalogue as a data block (issue 44). */
  const localised = new Map<Language, string>();
  const indexHtmlIn = (language: Language): string => {
    let html = localised.get(language);
    if (html === undefined) {
      html = (indexHtml as string)
        .replace(/<html lang="[^"]*">/, `<html lang="${htmlLangOf(language)}">`)
        .replace('</head>', () => `${catalogues.blockOf(language)}</head>`);
      localised.set(language, html);
    }
    return html;
  };

  const renderer = indexHtml ? await createServerRenderer(app, config, catalogues) : null;
  if (indexHtml && !renderer) app.log.warn('server render missing: pages are rendered by the client only');

  /**
   * index.html for `req`: server-rendered for the pages that have it (issue 16), else the shell the
   * client fills. A failed server render falls back to the shell, never to an error.
   */
  const renderPage = async (req: FastifyRequest): Promise<{ status: number; html: string }> => {
    const language = languageOf(req, config);
    const html = indexHtmlIn(language);
    // HEAD is rendered too: its status (an essay's 404) is what link checkers look at.
    if (!renderer || (req.method !== 'GET' && req.method !== 'HEAD')) return { status: 200, html };
    let page: RenderedPage | null = null;
    try {
      page = await renderer.renderPage(req, language);
    } catch (error) {
      req.log.error({ err: error }, 'server render failed: sending the client-rendered page');
    }
    return page ? { status: page.status, html: composePage(html, page) } : { status: 200, html };
  };

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const page = await renderPage(req);
    reply
      .code(page.status)
      .header('cache-control', 'no-cache')
      .header('vary', `user-agent, accept-encoding, ${languageVary}`)
      .header('link', `<${webmentionEndpointOf(config)}>; rel="webmention"`)
      .type('text/html; charset=utf-8');
    // Compressed here: the compress plugin's hooks are not on the unknown-path handler, which is
    // where every page but `/` is answered (Lighthouse found /chaos sent as 40 KB of plain HTML).
    const encoding = encodingFor(req);
    if (!encoding || req.method === 'HEAD') return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(await compressBody(page.html, encoding));
  };

  /** An imported site's old address (`/2019/05/slug/`, `/?p=123`) moved here for good. */
  const redirectOld = async (req: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const target = oldLinks ? await oldLinks(req.url) : null;
    if (!target) return false;
    await reply.header('cache-control', 'public, max-age=3600').redirect(target, 301);
    return true;
  };

  app.get('/', async (req, reply) => {
    // Only a plain WordPress link (`/?p=123`) can be an old address at the root.
    if (/[?&](p|page_id|attachment_id)=\d/.test(req.url) && (await redirectOld(req, reply))) return reply;
    return indexHtml ? sendIndex(req, reply) : reply.code(404).send();
  });
  app.get('/index.html', (req, reply) => (indexHtml ? sendIndex(req, reply) : reply.code(404).send()));

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const isApi = pathname === config.apiBasePath || pathname.startsWith(`${config.apiBasePath}/`);
    // Spec §2's redirect to `/` is for pages: a machine asking a protocol path gets its 404 (issue 40.6).
    if (isProtocolPath(pathname)) return sendError(reply, notFound(said('error.http.noSuchAddress')));
    // Old addresses first: they may look like files (`/posts/slug.html`) and exist without a web build.
    if (!isApi && (req.method === 'GET' || req.method === 'HEAD') && (await redirectOld(req, reply)))
      return reply;
    // Static trees and file-looking paths answer 404 rather than the app, so a missing file is visible.
    const isAsset = /^\/(assets|files|snapshot)\//.test(pathname) || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (isApi || !indexHtml || isAsset || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return sendError(
        reply,
        notFound(
          isApi
            ? said('error.http.noSuchCall', { method: req.method, path: pathname })
            : said('error.files.notFound'),
        ),
      );
    }
    // An essay's address of before issue 23 (`/chaos?id=12`) lives at its own page now, for good.
    const moved = movedEssayPath(pathname, req.url.slice(pathname.length));
    if (moved) return reply.header('cache-control', 'public, max-age=86400').redirect(moved, 301);
    // Spec §2: an unknown path goes to `/`. Temporary (302): a later version may add the page.
    if (!isSitePath(pathname)) return reply.header('cache-control', 'no-cache').redirect('/', 302);
    return sendIndex(req, reply);
  });
};
