import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A snapshot tree in memory: relative path → file bytes. */
export type Tree = Map<string, string>;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const listFiles = (root: string, dir = ''): string[] => {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '.git') return [];
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(root, rel) : [rel];
  });
};

/**
 * Writes a file by renaming a finished copy over it: `/snapshot/` is served while an export runs,
 * and a reader must get the old bytes or the new, never a file cut in the middle.
 */
const writeReplacing = (file: string, content: string): void => {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
};

/**
 * Writes a tree into `root` incrementally: files whose bytes are unchanged are not touched, files
 * no longer in the tree are removed. Returns the paths that changed (written or removed).
 */
export const writeTree = (root: string, tree: Tree): string[] => {
  const changed: string[] = [];
  for (const [rel, content] of tree) {
    const file = path.join(root, rel);
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeReplacing(file, content);
    changed.push(rel);
  }
  for (const rel of listFiles(root)) {
    if (tree.has(rel)) continue;
    fs.rmSync(path.join(root, rel));
    changed.push(rel);
  }
  return changed.sort();
};

export const readTreeFile = (root: string, rel: string): string | null => {
  const file = path.join(root, rel);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
};
