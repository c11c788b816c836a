import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * No words outside a catalogue (issue 44): a Han character in a string, a template or JSX text of
 * web/src, server/src or contract/src (tests and the catalogues' folder aside) fails, unless its
 * file is on `untranslated.txt`, the explicit list of files whose Chinese is content or the
 * specification's source, each with its reason. The list only shrinks: a listed file with nothing
 * left to convert fails too, until it is taken off. Comments may quote the specification's Chinese
 * texts: they are not scanned.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const han = /\p{Script=Han}/u;

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'));

/** The first Han text of a file outside comments, or null. */
export const hanTextOf = (file: string, text: string): string | null => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let found: string | null = null;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isJsxText(node) ||
        ts.isRegularExpressionLiteral(node)) &&
      han.test(node.getText(source))
    ) {
      found = node.getText(source).trim().slice(0, 60);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

const listFile = path.join(root, 'web/src/i18n/untranslated.txt');
const listed = new Set(
  fs
    .readFileSync(listFile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

const files = [
  ...sourceFiles('web/src'),
  ...sourceFiles('server/src'),
  // The contract's words are catalogue keys (`schema.…`, contract/src/schemaMessages.ts).
  ...sourceFiles('contract/src').filter((file) => !file.startsWith('contract/src/i18n/')),
];
const withHan = new Map(
  files.flatMap((file) => {
    const found = hanTextOf(file, fs.readFileSync(path.join(root, file), 'utf8'));
    return found ? [[file, found] as const] : [];
  }),
);

it('finds Han text where there is some (the scan can fail)', () => {
  expect(hanTextOf('a.tsx', 'const a = <p>你好</p>;')).toBe('你好');
  expect(hanTextOf('a.ts', 'const a = `x ${b} 好`;')).toContain('好');
  expect(hanTextOf('a.ts', '// 注释\nconst a = "ok";')).toBeNull();
});

it('has no Han text outside the catalogues but in files listed as not converted yet', () => {
  const unlisted = [...withHan]
    .filter(([file]) => !listed.has(file))
    .map(([file, text]) => `${file}: ${text}`);
  expect(unlisted).toEqual([]);
});

it('lists only files that still have Han text (the list only shrinks)', () => {
  const done = [...listed].filter((file) => !withHan.has(file));
  expect(done, 'converted: take these off web/src/i18n/untranslated.txt').toEqual([]);
});
