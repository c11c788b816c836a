import type { PictureMap } from '@candy/contract/picture';
import type { Config } from '../config.ts';
import type { CacheTag } from '../http/publicCache.ts';
import { serverBuildVersion } from '../modules/system/service.ts';
import { type ExportResult, exportSnapshot, type SnapshotSource } from './exporter.ts';
import { type PublishResult, publishSnapshot } from './publisher.ts';

/** The cache tags of the tables the snapshot holds: a write to one of them re-exports it. */
export const snapshotTags: ReadonlySet<CacheTag> = new Set<CacheTag>([
  'essay',
  'article',
  'link',
  'hitokoto',
  'bangumi',
  'waifu',
  'moment',
  'video',
]);

/**
 * What the exporter reads of the modules' services (structural, so this folder does not import the
 * module registry that imports it).
 */
export interface SnapshotModules {
  essays: { listForSnapshot: SnapshotSource['essays'] };
  articles: { exists(id: number): Promise<boolean>; detail(id: number): Promise<{ content: string }> };
  /** Each text with its pictures, as the online reads answer it (issue 30). */
  images: {
    withPictures<T extends { content: string }>(items: T[]): Promise<T[]>;
    withPicturesBy<T>(items: T[], urlsOf: (item: T) => string[]): Promise<(T & { pictures: PictureMap })[]>;
    smallCopy: SnapshotSource['smallCopy'];
  };
  links: { list: SnapshotSource['links'] };
  hitokoto: { listForSnapshot: SnapshotSource['quotes'] };
  bangumi: { list(keyword: undefined): Promise<{ cover: string }[]> };
  waifu: { list(): Promise<{ url: string }[]> };
  moments: {
    list(query: {
      start?: number;
    }): Promise<{ list: { id: number; images: { url: string }[] }[]; hasMore: boolean }>;
  };
  videos: { videos: { listForSnapshot: SnapshotSource['videos'] } };
}

/** The exporter reads through the modules' services, so it sees exactly what a visitor sees. */
export const snapshotSourceOf = (modules: SnapshotModules, config: Config): SnapshotSource => ({
  essays: async () => modules.images.withPictures(await modules.essays.listForSnapshot()),
  about: async () =>
    (await modules.articles.exists(1))
      ? ((await modules.images.withPictures([await modules.articles.detail(1)]))[0] ?? null)
      : null,
  links: () => modules.links.list(),
  quotes: () => modules.hitokoto.listForSnapshot(),
  bangumi: async () =>
    modules.images.withPicturesBy(await modules.bangumi.list(undefined), (entry) =>
      entry.cover ? [entry.cover] : [],
    ),
  waifu: async () => modules.images.withPicturesBy(await modules.waifu.list(), (picture) => [picture.url]),
  moments: async () => {
    const all: { id: number; images: { url: string }[] }[] = [];
    for (let start: number | undefined; ; ) {
      const page = await modules.moments.list(start === undefined ? {} : { start });
      all.push(...page.list);
      start = page.list.at(-1)?.id;
      if (!page.hasMore || start === undefined) break;
    }
    return modules.images.withPicturesBy(all, (moment) => moment.images.map((image) => image.url));
  },
  smallCopy: (url, info) => modules.images.smallCopy(url, info),
  music: () => ({ proxyBase: config.musicProxyPublic }),
  videos: () => modules.videos.videos.listForSnapshot(),
});

export interface SnapshotRun {
  outDir: string;
  export: ExportResult;
  /** Null when the tree was written elsewhere (`--out`) and not published. */
  publish: PublishResult | null;
}

/**
 * Exports the public snapshot and publishes it: into the snapshot git work tree (commit, and push
 * when SNAPSHOT_GIT_REMOTE is set), or only written into `outDir` when one is given. The job
 * scheduler calls this too.
 */
export const runSnapshot = async (
  modules: SnapshotModules,
  config: Config,
  options: { now: number; outDir?: string },
): Promise<SnapshotRun> => {
  const outDir = options.outDir ?? config.snapshotDir;
  const result = await exportSnapshot(snapshotSourceOf(modules, config), {
    outDir,
    siteTitle: config.siteTitle,
    darkKey: config.darkKey,
    buildVersion: serverBuildVersion(),
    now: options.now,
  });
  if (options.outDir) return { outDir, export: result, publish: null };
  const { counts, exportedAt } = result.manifest;
  const message = `snapshot ${new Date(exportedAt).toISOString()}: ${Object.entries(counts)
    .map(([name, count]) => `${count} ${name}`)
    .join(', ')}`;
  return {
    outDir,
    export: result,
    publish: await publishSnapshot(outDir, message, config.snapshotGitRemote),
  };
};
