import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * What a visitor downloads stays free of zod: the contract's `calls/*` build zod schemas when they
 * are evaluated, which cost /moments a 100 ms task on a phone (issue 30) when one public hook took
 * a constant from there. Public code repeats such constants (ui/Comments/limits.ts and the like).
 * This walks the static value imports (type-only ones are erased) from the app's entry and every
 * public page; lazy `import()`s start chunks of their own and are not followed.
 */
const webSrc = path.dirname(new URL(import.meta.url).pathname);
const contractSrc = path.resolve(webSrc, '../../contract/src');

const valueImportsOf = (file: string): string[] => {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly && ts.isStringLiteral(statement.moduleSpecifier))
        found.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
};

const resolve = (from: string, specifier: string): string | null => {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  if (specifier.startsWith('@candy/contract/'))
    return path.join(contractSrc, `${specifier.slice('@candy/contract/'.length)}.ts`);
  return null;
};

/** Every chain of static imports from `entry` that ends in zod. */
const zodChains = (entries: readonly string[]): string[] => {
  const seen = new Set<string>();
  const chains: string[] = [];
  const visit = (file: string, chain: readonly string[]): void => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    for (const specifier of valueImportsOf(file)) {
      const here = [...chain, path.relative(webSrc, file)];
      if (specifier === 'zod' || specifier.startsWith('zod/')) {
        chains.push([...here, specifier].join(' → '));
        continue;
      }
      const next = resolve(file, specifier);
      if (next) visit(next, here);
    }
  };
  for (const entry of entries) visit(entry, []);
  return chains;
};

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));

it('keeps zod out of the entry and the public pages', () => {
  const entries = [path.join(webSrc, 'main.tsx'), ...filesUnder(path.join(webSrc, 'pages/public'))];
  expect(zodChains(entries)).toEqual([]);
});

it('finds zod through a value import of a contract call', () => {
  // The walker itself: an admin page builds forms from the contract's schemas.
  const admin = filesUnder(path.join(webSrc, 'pages/admin'));
  expect(zodChains(admin).length).toBeGreaterThan(0);
});
