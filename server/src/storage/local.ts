import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { safeJoin } from '../http/safePath.ts';
import type { BlobStat, BlobStorage, ByteRange } from './types.ts';

/** Temporary files of unfinished writes end with this and `<pid>-<random>`; `list` never shows them. */
const PARTIAL = '.partial-';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Whether the process that wrote a partial file still runs here (then its write may go on). */
const writerAlive = (name: string): boolean => {
  const pid = Number(/\.partial-(\d+)-[0-9a-f]+$/.exec(name)?.[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Blobs as files under one directory (the default backend; `DATA_DIR/files`, also served at
 * `/files/`). A write goes to a temporary file beside its target and is renamed into place, so a
 * reader never sees half a blob and a failed upload leaves nothing.
 */
export const createLocalStorage = (root: string): BlobStorage => {
  fs.mkdirSync(root, { recursive: true });
  const fileOf = (key: string) => safeJoin(root, key, 'key');

  const statOf = async (key: string, file: string): Promise<BlobStat | null> => {
    try {
      const s = await fsp.stat(file);
      if (!s.isFile()) return null;
      return { key, size: s.size, modifiedAt: Math.round(s.mtimeMs), contentType: undefined };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}${PARTIAL}${process.pid}-${randomBytes(6).toString('hex')}`;
      try {
        await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
        const { size } = await fsp.stat(partial);
        await fsp.rename(partial, file);
        return { size };
      } catch (error) {
        await fsp.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key, range?: ByteRange): Promise<Readable | null> {
      const file = fileOf(key);
      const stat = await statOf(key, file);
      if (!stat) return null;
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    stat: async (key) => statOf(key, fileOf(key)),
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const found: BlobStat[] = [];
      const walk = async (dir: string, rel: string) => {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          const key = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            if (prefix.startsWith(`${key}/`) || key.startsWith(prefix))
              await walk(path.join(dir, entry.name), key);
          } else if (entry.isFile() && key.startsWith(prefix) && !entry.name.includes(PARTIAL)) {
            const stat = await statOf(key, path.join(dir, entry.name));
            if (stat) found.push(stat);
          }
        }
      };
      await walk(root, '');
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async sweepUnfinished(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      const dir = folder ? fileOf(folder) : root;
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true });
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const entry of entries)
        if (entry.isFile() && entry.name.includes(PARTIAL) && !writerAlive(entry.name)) {
          await fsp.rm(path.join(entry.parentPath, entry.name), { force: true });
          removed += 1;
        }
      return removed;
    },
  };
};
