import fs from 'node:fs';
import path from 'node:path';
import { fillPath, type RouteName, routes } from '@candy/contract';
import type { Language } from '@candy/contract/languages';
import {
  eagerEssayIndex,
  MARKDOWN_PICTURE_SIZES,
  type PictureMap,
  upgradePictures,
} from '@candy/contract/picture';
import { essayIdOfPath, normalisePath, pagePaths } from '@candy/contract/sitePaths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { loadSharp } from '../lazyModules.ts';
import { lcpPreloadOf } from './lcpPreload.ts';
import { markdownToSafeHtml } from './markdownHtml.ts';
import { assetTagsOf, clientPageAssetTags, type ManifestChunk } from './pageAssets.ts';
import { type PageHead, pageHeadOf } from './pageHead.ts';
import type { PageCatalogues } from './pageLanguage.ts';

/**
 * Server-rendered first pages (issue 16): the web app's own components, rendered by the SSR build
 * of the web app (`web/dist/.ssr/entry-server.js`), fed with this server's own public answers
 * (read through `app.inject`, so they are the cached answers a visitor's API call would get).
 * Essay and article markdown is rendered with the client's marked configuration (shared in the
 * contract) and sanitised with sanitize-html (markdownHtml.ts), images given their sizes.
 */

interface SsrData {
  path: string;
  mobile: boolean;
  utcOffset: number;
  reads: Record<string, unknown>;
}

interface SsrModule {
  render(input: {
    data: SsrData;
    search: string;
    config: Record<string, unknown>;
    language: Language;
    messages: Record<string, unknown>;
  }): Promise<string>;
}

/** Pages rendered on the server (the public pages a visitor lands on) and their modules. */
const pageModules: Record<string, string> = {
  '/chaos': 'src/pages/public/chaos/index.tsx',
  '/about': 'src/pages/public/about/index.tsx',
  '/pastel-memories': 'src/pages/public/pastel-memories/index.tsx',
  '/home': 'src/pages/public/home/index.tsx',
  // Every essay's own page (issue 23), `/chaos/N`.
  '/chaos/:id': 'src/pages/public/essay/index.tsx',
};

/** The key of `pathname`'s page in `pageModules`, or null for pages the client renders alone. */
const pageKeyOf = (pathname: string): string | null => {
  if (essayIdOfPath(pathname) !== null) return '/chaos/:id';
  return Object.hasOwn(pageModules, pathname) ? pathname : null;
};

/** The pages every visitor may open (the back office's are not described to link previews). */
const publicPages = new Set<string>(pagePaths.filter((page) => !page.startsWith('/great-old-one')));
const isPublicPage = (pathname: string): boolean => publicPages.has(normalisePath(pathname));

/**
 * What one page adds to index.html: tags for `<head>` (share tags, stylesheets, the data block),
 * the markup of `<div id="root">`, and its status, title and description (an essay page's own).
 */
export interface RenderedPage extends Omit<PageHead, 'tags'> {
  head: string;
  body: string;
}

const MOBILE_UA = /Mobi|Android|iPhone|iPod|Windows Phone/i;

export const createServerRenderer = async (
  app: FastifyInstance,
  config: Config,
  catalogues: Pick<PageCatalogues, 'messagesOf'>,
) => {
  const entry = path.join(config.webDist, '.ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  // The renderer (React's server renderer and the pages, ≈ 10 MB resident) loads with the first
  // server-rendered page, not at start: an idle server stays small.
  let loading: Promise<{ ssr: SsrModule }> | null = null;
  const load = () => {
    // A plain path, not a file: URL: the server bundle turns `import()` into `require()`.
    loading ??= import(entry).then((ssr) => ({ ssr: ssr as SsrModule }));
    return loading;
  };
  const manifestFile = path.join(config.webDist, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const assetTags = new Map(
    Object.entries(pageModules).map(([page, module]) => [
      page,
      assetTagsOf(manifest, module, config.webDist),
    ]),
  );
  const clientPageTags = clientPageAssetTags(config.webDist, manifest);
  const filesRoot = path.join(config.dataDir, 'files');

  /** Sizes of our own pictures (`/files/…`), read once per file and version. */
  const sizes = new Map<string, { width: number; height: number } | null>();
  const sizeOf = async (src: string) => {
    if (!src.startsWith('/files/')) return null;
    const file = path.join(filesRoot, decodeURIComponent(src.slice('/files/'.length).split(/[?#]/)[0] ?? ''));
    if (!file.startsWith(filesRoot + path.sep)) return null;
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      return null;
    }
    const key = `${file}:${stat.mtimeMs}:${stat.size}`;
    if (sizes.has(key)) return sizes.get(key) ?? null;
    let size: { width: number; height: number } | null = null;
    try {
      // sharp (≈ 25 MB resident) loads only when a picture's size is first needed.
      const sharp = await loadSharp();
      const meta = await sharp(file).metadata();
      if (meta.width && meta.height) size = { width: meta.width, height: meta.height };
    } catch {
      size = null;
    }
    if (sizes.size > 2000) sizes.clear();
    sizes.set(key, size);
    return size;
  };

  /** Rendered markdown by host and source: essays rarely change, renders are reused. */
  const rendered = new Map<string, string>();
  const renderMarkdown = async (
    source: string,
    host: string,
    pictures: PictureMap | undefined,
    eagerFirst: boolean,
    /** An essay's headings start at `<h2>`: its page has its own `<h1>` (as the client's EssayCard). */
    topHeading: 1 | 2,
  ): Promise<string> => {
    const key = `${host}\n${eagerFirst}\n${topHeading}\n${JSON.stringify(pictures ?? {})}\n${source}`;
    const hit = rendered.get(key);
    if (hit !== undefined) return hit;
    // Our own pictures become <picture> markup, exactly as the browser's renderer makes it (issue 30).
    // Code blocks are made focusable and named by the Markdown component, in the page's language.
    let html = upgradePictures(await markdownToSafeHtml(source, host, { topHeading }), pictures, {
      sizes: MARKDOWN_PICTURE_SIZES,
      eagerFirst,
    });
    // Pictures without a size yet (not ours, or not in the pipeline): read it from the file.
    const srcs = [...html.matchAll(/<img src="([^"]*)"(?![^>]*\swidth=)/g)].map((m) => m[1] as string);
    for (const src of new Set(srcs)) {
      const size = await sizeOf(src.replace(/&amp;/g, '&'));
      if (!size) continue;
      html = html
        .split(`<img src="${src}"`)
        .join(`<img src="${src}" width="${size.width}" height="${size.height}"`);
    }
    if (rendered.size > 500) rendered.clear();
    rendered.set(key, html);
    return html;
  };

  /**
   * Essay `id` as a visitor may read it, or null when it is hidden, reserved or unknown (4040). Any
   * other failure throws: the page then falls back to the client's render, never to a wrong 404.
   */
  const readEssay = async (id: number) => {
    const url = `${config.apiBasePath}${fillPath(routes.essayDetail.path, { id })}`;
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    if (res.statusCode === 404) return null;
    const body = res.json() as { code: number; data: { content: string; pictures?: PictureMap } };
    if (res.statusCode !== 200 || body.code !== 0) throw new Error(`essay ${id}: HTTP ${res.statusCode}`);
    return body.data;
  };

  const read = async (name: RouteName, query: Record<string, string> = {}, params = {}) => {
    const search = new URLSearchParams(query).toString();
    const url = `${config.apiBasePath}${fillPath(routes[name].path, params)}${search ? `?${search}` : ''}`;
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    if (res.statusCode !== 200) return undefined;
    const body = res.json() as { code: number; data: unknown };
    return body.code === 0 ? body.data : undefined;
  };

  const shuffled = <T>(list: T[]): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };

  /** The answers a page is first shown with, under the keys its hooks read (web/src/core/ssrData.ts). */
  const readsFor = async (pathname: string, mobile: boolean, host: string) => {
    const essayId = essayIdOfPath(pathname);
    const reads: Record<string, unknown> = {};
    const put = (key: string, value: unknown) => {
      if (value !== undefined) reads[key] = value;
    };
    const quote = () => read('hitokotoRandom', mobile ? { mobile: 'true' } : { pc: 'true' });
    if (pathname !== '/home') {
      const [version, links, site] = await Promise.all([
        read('systemVersion'),
        read('linkList'),
        read('metaSite'),
      ]);
      put('systemVersion', version);
      put('metaSite', site);
      if (Array.isArray(links)) put('linkList', shuffled(links));
    }
    if (pathname === '/chaos') {
      const [page, hitokoto] = await Promise.all([read('essayList'), quote()]);
      put('hitokoto', hitokoto);
      const essays = page as
        | { list: { content: string; pictures?: PictureMap }[]; hasMore: boolean }
        | undefined;
      if (essays) {
        const eager = eagerEssayIndex(essays.list);
        const list = await Promise.all(
          essays.list.map(async (essay, index) => ({
            ...essay,
            html: await renderMarkdown(essay.content, host, essay.pictures, index === eager, 2),
          })),
        );
        put('essayList', { ...essays, list });
      }
    } else if (essayId !== null) {
      const essay = await readEssay(essayId);
      // null stands for "no such essay for visitors": the page shows its 404 state from it.
      reads[`essay:${essayId}`] = essay && {
        ...essay,
        html: await renderMarkdown(essay.content, host, essay.pictures, true, 2),
      };
    } else if (pathname === '/home') {
      put('hitokoto', await quote());
    } else if (pathname === '/about') {
      const [article, comments] = await Promise.all([
        read('articleDetail', {}, { id: 1 }) as Promise<
          { content: string; pictures?: PictureMap } | undefined
        >,
        // The comments too: loaded later, they would push the footer out of view (layout shift).
        read('commentList', { targetType: 'article', targetId: '1' }),
      ]);
      if (article)
        put('about', {
          ...article,
          html: await renderMarkdown(article.content, host, article.pictures, true, 1),
        });
      put('comments:article:1', comments);
    } else if (pathname === '/pastel-memories') {
      put('bangumiList', await read('bangumiList'));
    }
    return reads;
  };

  // The site's own picture (512×512) stands in for pages and essays without one (share previews).
  const defaultImage = fs.existsSync(path.join(config.webDist, 'icon-512.png')) ? '/icon-512.png' : null;
  const headOf = (
    req: FastifyRequest,
    pathname: string,
    reads: Record<string, unknown>,
    language: Language,
  ) => {
    const origin = `${req.protocol}://${req.host}`;
    return pageHeadOf({
      language,
      languages: config.siteLanguages,
      site: config.siteTitle,
      origin,
      pathname,
      reads,
      defaultImage: defaultImage ? { url: `${origin}${defaultImage}`, width: 512, height: 512 } : undefined,
    });
  };

  const runtimeConfig = {
    title: config.siteTitle,
    domains: config.siteDomains,
    apiBasePath: config.apiBasePath,
    languages: config.siteLanguages,
    language: config.siteLanguage,
  };

  return {
    /**
     * The server render of `req`'s page, or null for pages the client renders alone. `head` is
     * where page-specific `<head>` tags go (Open Graph and the like).
     */
    async renderPage(req: FastifyRequest, language: Language): Promise<RenderedPage | null> {
      const [pathname = '', search = ''] = req.url.split('?', 2);
      const pageKey = pageKeyOf(pathname);
      if (pageKey === null) {
        // A public page the client renders alone still describes itself to link previews.
        if (!isPublicPage(pathname)) return null;
        const page = normalisePath(pathname);
        const { tags, ...head } = headOf(req, page, {}, language);
        return { ...head, head: `${tags}${clientPageTags(page)}`, body: '' };
      }
      const mobile = MOBILE_UA.test(String(req.headers['user-agent'] ?? ''));
      const host = String(req.headers.host ?? 'localhost');
      const data: SsrData = {
        path: pathname,
        mobile,
        utcOffset: -new Date().getTimezoneOffset(),
        reads: await readsFor(pathname, mobile, host),
      };
      const { ssr } = await load();
      const markup = await ssr.render({
        data,
        search: search ? `?${search}` : '',
        config: runtimeConfig,
        language,
        messages: catalogues.messagesOf(language),
      });
      const json = JSON.stringify(data).replace(/</g, '\\u003c');
      const { tags, ...head } = headOf(req, pathname, data.reads, language);
      return {
        ...head,
        head: `${lcpPreloadOf(markup)}${tags}${assetTags.get(pageKey) ?? ''}<script id="ssr-data" type="application/json">${json}</script>`,
        body: markup,
      };
    },
  };
};

export type ServerRenderer = NonNullable<Awaited<ReturnType<typeof createServerRenderer>>>;
