import { obfuscate } from '@candy/contract/obfuscation';
import { addSearchIndex } from '@candy/contract/snapshotSearchIndex';
import { addDarkData, type DarkSource } from './darkData.ts';
import { readTreeFile, sha256, type Tree, writeTree } from './tree.ts';

/**
 * What the exporter reads: only what visitors may see (no hidden or reserved essays); the dark
 * part (moments, gallery, their pictures) only to seal it.
 */
export interface SnapshotSource extends DarkSource {
  /** Visible essays, newest first. */
  essays(): Promise<{ id: number; content: string }[]>;
  about(): Promise<unknown | null>;
  links(): Promise<unknown[]>;
  quotes(): Promise<unknown[]>;
  bangumi(): Promise<unknown[]>;
  music(): { proxyBase: string };
  /** Published video clips and collections, as their public embed calls answer them. */
  videos(): Promise<{ materials: { id: number }[]; collections: { id: number }[] }>;
}

export interface ExportOptions {
  outDir: string;
  siteTitle: string;
  /** Seals dark data; without it dark data is left out of the public snapshot. */
  darkKey: string | undefined;
  buildVersion: string;
  now: number;
}

export interface Manifest {
  buildVersion: string;
  exportedAt: number;
  counts: Record<string, number>;
  hashes: Record<string, string>;
}

export interface ExportResult {
  /** Data files written or removed; empty when the snapshot was already up to date. */
  changed: string[];
  manifest: Manifest;
}

const json = (value: unknown) => `${JSON.stringify(value)}\n`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** The mirror check of spec §7 looks for the site title in this page. */
const indexHtml = (title: string, manifest: Manifest) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>Offline snapshot of ${escapeHtml(title)}.</p>
<script type="application/json" id="manifest">${JSON.stringify(manifest).replace(/</g, '\\u003c')}</script>
</body></html>
`;

/** The data files, at the spec's offline call paths (spec §7, DESIGN §6). */
const dataTree = async (
  source: SnapshotSource,
  options: ExportOptions,
): Promise<{ tree: Tree; counts: Record<string, number> }> => {
  const tree: Tree = new Map();
  const [essays, links, quotes, bangumi] = await Promise.all([
    source.essays(),
    source.links(),
    source.quotes(),
    source.bangumi(),
  ]);
  tree.set('blog/essay/index', json(essays.map((e) => e.id)));
  for (const essay of essays)
    tree.set(`blog/essay/${essay.id}`, json({ ...essay, content: obfuscate(essay.content) }));
  const search = addSearchIndex(tree, essays);
  const about = await source.about();
  if (about) tree.set('blog/article/1', json(about));
  tree.set('blog/link/data', json(links));
  tree.set('blog/hitokoto/data', json(quotes));
  tree.set('blog/bangumi/data', json(bangumi));
  tree.set('music/settings', json(source.music()));
  const dark = options.darkKey ? await addDarkData(tree, options.outDir, source, options.darkKey) : null;
  const videos = await source.videos();
  for (const clip of videos.materials) tree.set(`video/public/material/${clip.id}`, json(clip));
  for (const collection of videos.collections)
    tree.set(`video/public/collection/${collection.id}`, json(collection));
  const counts = {
    essays: essays.length,
    searchShards: search.shards,
    links: links.length,
    quotes: quotes.length,
    bangumi: bangumi.length,
    videos: videos.materials.length,
    ...(dark ? { darkMoments: dark.moments, darkWaifu: dark.waifu, darkPictures: dark.pictures } : {}),
  };
  return { tree, counts };
};

/**
 * Writes the public snapshot into `outDir`. Incremental: unchanged files keep their bytes, and when
 * no data file changed the manifest and index.html are left alone too, so nothing is to commit.
 */
export const exportSnapshot = async (
  source: SnapshotSource,
  options: ExportOptions,
): Promise<ExportResult> => {
  const { tree, counts } = await dataTree(source, options);
  const hashes = Object.fromEntries([...tree].map(([rel, content]) => [rel, sha256(content)]));
  const previous = readTreeFile(options.outDir, 'manifest.json');
  const previousManifest = previous ? (JSON.parse(previous) as Manifest) : null;
  const unchanged =
    previousManifest !== null && JSON.stringify(previousManifest.hashes) === JSON.stringify(hashes);
  const manifest: Manifest =
    unchanged && previousManifest
      ? previousManifest
      : {
          buildVersion: options.buildVersion,
          exportedAt: options.now,
          counts,
          hashes,
        };
  tree.set('manifest.json', json(manifest));
  tree.set('index.html', indexHtml(options.siteTitle, manifest));
  const changed = writeTree(options.outDir, tree);
  return { changed: changed.filter((rel) => rel !== 'manifest.json' && rel !== 'index.html'), manifest };
};
