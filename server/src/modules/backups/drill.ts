import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type Language, sourceLanguage } from '@candy/contract/languages';
import * as z from 'zod';
import type { Config } from '../../config.ts';
import { list, type Message, messageOf, SaidError, said, sayIn } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import { requirePg } from '../../lazyModules.ts';
import { createLocalStorage } from '../../storage/local.ts';
import type { BlobStorage } from '../../storage/types.ts';
import { keyMismatch, type Opener, openerFor } from './crypto.ts';
import { type ListedPoint, listPoints, readIndex, readManifest, restoreFiles } from './reader.ts';
import { restoreDatabaseOf, statsDifferences } from './restore.ts';

/** One drill as `drills/<time>.json` records it; the back office's home shows the newest. */
export const DrillRecord = z.object({
  at: z.number().int(),
  ok: z.boolean(),
  points: z.array(
    z.object({ id: z.string(), createdAt: z.number().int(), ok: z.boolean(), detail: z.string() }),
  ),
});
export type DrillRecord = z.infer<typeof DrillRecord>;

/** The drill could not run here (no scratch database allowed …): no fault of the point's. */
class DrillUnavailable extends SaidError {}

/** A scratch PostgreSQL database beside the live one, dropped afterwards whatever happened. */
const withScratchPostgres = async <T>(liveUrl: string, work: (url: string) => Promise<T>): Promise<T> => {
  const name = `candy_drill_${randomBytes(5).toString('hex')}`;
  const admin = new (requirePg().Client)({ connectionString: liveUrl });
  await admin.connect();
  try {
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      throw new DrillUnavailable(said('backups.noScratchDatabase', { reason: (error as Error).message }));
    }
    const url = new URL(liveUrl);
    url.pathname = `/${name}`;
    try {
      return await work(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
};

/** Restores one point into scratch space and compares it with what the manifest recorded. */
const drillPoint = async (
  store: BlobStorage,
  key: { identity: string; opener: Opener },
  point: ListedPoint,
  options: { live: Config['database']; workDir: string },
): Promise<Message> => {
  const { opener } = key;
  const mismatch = await keyMismatch(key.identity, (await readIndex(store, point.id)).recipient);
  if (mismatch) throw new DrillUnavailable(said('backups.wrongKey', { reason: mismatch }));
  const manifest = await readManifest(store, opener, point.id);
  const scratch = path.join(options.workDir, `drill-${point.id}`);
  await fsp.rm(scratch, { recursive: true, force: true });
  try {
    const restoreInto = (target: Config['database']) =>
      restoreDatabaseOf(store, opener, manifest, target, { workDir: scratch });
    const stats =
      options.live.kind === 'sqlite'
        ? await restoreInto({ kind: 'sqlite', file: path.join(scratch, 'candy.sqlite') })
        : await withScratchPostgres(options.live.url, (url) => restoreInto({ kind: 'postgres', url }));
    const differences = statsDifferences(manifest.tables, stats);
    if (differences.length > 0)
      throw new SaidError(
        said('backups.differs', { differences: list(differences.slice(0, 5), said('list.semicolon')) }),
      );
    const files = await restoreFiles(
      store,
      opener,
      manifest.files,
      createLocalStorage(path.join(scratch, 'files')),
    );
    return said('backups.drillMatches', { tables: Object.keys(stats).length, files });
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
};

/**
 * The nightly restore drill (issue 45.3): the newest point and one random older point, each
 * restored into scratch space (never over live data), checked and compared. A point that fails is
 * marked bad at the destination (`points/<id>.bad`), so restore never offers it as good.
 */
export const runDrill = async (
  store: BlobStorage,
  identity: string,
  options: {
    live: Config['database'];
    workDir: string;
    now: number;
    random?: () => number;
    /** The site's language (SITE_LANGUAGE): the record's details are kept in it. */
    language?: Language;
  },
): Promise<DrillRecord> => {
  const language = options.language ?? sourceLanguage;
  const good = (await listPoints(store)).filter((p) => p.bad === null);
  const newest = good.at(-1);
  const older = good.slice(0, -1);
  const picked =
    older.length > 0 ? older[Math.floor((options.random ?? Math.random)() * older.length)] : undefined;
  const points: DrillRecord['points'] = [];
  for (const point of [newest, picked]) {
    if (!point) continue;
    try {
      const detail = await drillPoint(store, { identity, opener: openerFor(identity) }, point, options);
      points.push({ id: point.id, createdAt: point.createdAt, ok: true, detail: sayIn(language, detail) });
    } catch (error) {
      const detail = sayIn(language, messageOf(error));
      points.push({ id: point.id, createdAt: point.createdAt, ok: false, detail });
      if (error instanceof DrillUnavailable) continue;
      await store.put(`points/${point.id}.bad`, Readable.from([Buffer.from(detail)]));
    }
  }
  if (!newest)
    points.push({ id: '', createdAt: 0, ok: false, detail: serverText(language, 'backups.noBackupYet') });
  const record: DrillRecord = { at: options.now, ok: points.every((p) => p.ok), points };
  await store.put(`drills/${options.now}.json`, Readable.from([Buffer.from(JSON.stringify(record))]));
  return record;
};

/** The newest drill's record, or null when none ran. */
export const lastDrill = async (store: BlobStorage): Promise<DrillRecord | null> => {
  const newest = (await store.list('drills/')).filter((s) => s.key.endsWith('.json')).at(-1);
  if (!newest) return null;
  const body = await store.get(newest.key);
  return body ? DrillRecord.parse(JSON.parse((await buffer(body)).toString('utf8'))) : null;
};
