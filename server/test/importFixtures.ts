import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ImportInput } from '../src/modules/importers/types.ts';

/** Where the real platform exports for the importer tests live (see fixtures/import/SOURCES.md). */
export const importFixtures = join(import.meta.dirname, 'fixtures/import');

/**
 * A fixture folder as the pipeline's extractor would hand it over: archive-relative paths under one
 * top folder (`top`), as when the owner zips the site folder itself.
 */
export function folderAsArchive(folder: string, top = 'my-site'): ImportInput & { kind: 'archive' } {
  const files = new Map<string, Uint8Array>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else
        files.set(
          `${top}/${relative(folder, path).split('\\').join('/')}`,
          new Uint8Array(readFileSync(path)),
        );
    }
  };
  walk(folder);
  return { kind: 'archive', name: `${top}.zip`, files };
}

export function fixtureFile(path: string): ImportInput & { kind: 'file' } {
  return {
    kind: 'file',
    name: path.split('/').pop() ?? path,
    bytes: new Uint8Array(readFileSync(join(importFixtures, path))),
  };
}
