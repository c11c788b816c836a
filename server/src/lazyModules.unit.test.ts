import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The packages the server bundle leaves to node_modules, as scripts/serverExternals.mjs lists them. */
const externals = (): string[] => {
  const text = fs.readFileSync(path.join(root, 'scripts/serverExternals.mjs'), 'utf8');
  const list = text.slice(text.indexOf('serverExternals = ['), text.indexOf('];'));
  return [...list.matchAll(/^\s*'([^']+)',/gm)].map((match) => match[1] as string);
};

/** The server's own source files, tests left out. */
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });

/**
 * A static import that brings a package's code in when the file is loaded: anything but
 * `import type …`. (`import { type A } from 'x'` keeps an empty `import 'x'` under
 * verbatimModuleSyntax, so it counts.)
 */
const valueImports = (source: string, name: string): number => {
  const quoted = name.replace(/[/.@-]/g, '\\$&');
  const from = new RegExp(`^import\\s+(?!type\\s)[^;]*?\\sfrom\\s+'${quoted}(?:/[^']*)?';`, 'gms');
  const bare = new RegExp(`^import\\s+'${quoted}(?:/[^']*)?';`, 'gm');
  return (source.match(from)?.length ?? 0) + (source.match(bare)?.length ?? 0);
};

/**
 * Issue 39 (idle memory): what the server leaves to node_modules is loaded when a feature needs it,
 * not at start — a static import in any server file would load it with the bundle. pg and tar came
 * back this way (backups, the importers' archive reader: ≈ 1 MB of heap on every SQLite site).
 */
describe('packages left out of the server bundle are loaded on first need', () => {
  // The one loaded at start: the default database.
  const atStart = new Set(['better-sqlite3']);

  it('the list is read (the rule below checks something)', () => {
    expect(externals()).toEqual(expect.arrayContaining(['better-sqlite3', 'pg', 'sharp', 'tar', 'web-push']));
  });

  it('no server file imports one as a value at its top, but better-sqlite3', () => {
    const files = sourceFiles(path.join(root, 'server/src'));
    const found = files.flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return externals()
        .filter((name) => !atStart.has(name) && valueImports(source, name) > 0)
        .map((name) => `${path.relative(root, file)}: ${name}`);
    });
    expect(found).toEqual([]);
  });

  it('the rule tells a value import from a type import and a lazy one', () => {
    expect(valueImports("import pg from 'pg';", 'pg')).toBe(1);
    expect(valueImports("import { Parser, type ReadEntry } from 'tar';", 'tar')).toBe(1);
    expect(valueImports("import {\n  type A,\n} from '@aws-sdk/client-s3';", '@aws-sdk/client-s3')).toBe(1);
    expect(valueImports("import 'web-push';", 'web-push')).toBe(1);
    expect(valueImports("import type pg from 'pg';", 'pg')).toBe(0);
    expect(valueImports("const tar = await import('tar');", 'tar')).toBe(0);
    expect(valueImports("import pgx from 'pg-extra';", 'pg')).toBe(0);
  });
});
