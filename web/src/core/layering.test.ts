import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const webSrc = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const core = path.join(webSrc, 'core');

/** Every module a file names: static imports and re-exports, and lazy `import()`s alike. */
const specifiersOf = (file: string): string[] =>
  [
    ...fs
      .readFileSync(file, 'utf8')
      .matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm),
  ].map((match) => match[1] as string);

/**
 * `core/` is the app's plumbing (requests, state, storage, modes): it knows no component, page or
 * shell (issue 41.19). An import from there into `ui/`, `app/` or `pages/` is how the request client
 * once came to load the fresh-login dialog, which loaded the request client again.
 */
it('core/ imports nothing from ui/, app/ or pages/', () => {
  const files = fs
    .readdirSync(core, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
  expect(files.length).toBeGreaterThan(20);
  const crossings = files.flatMap((file) =>
    specifiersOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => path.relative(webSrc, path.resolve(path.dirname(file), specifier)))
      .filter((target) => /^(ui|app|pages)\//.test(target))
      .map((target) => `${path.relative(webSrc, file)} → ${target}`),
  );
  expect(crossings).toEqual([]);
});
