import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Message catalogues (issue 44): `contract/src/i18n/<language>/<part>.json` hold ICU MessageFormat
 * strings by key. Imported with `?catalogue`, a file becomes its Lingui-compiled form (plurals and
 * placeholders parsed at build time, so no message parser ships to the browser), still as JSON:
 * Vite's JSON plugin makes the module, and the server can write the same object into a page.
 *
 * The source language's `texts.*` entries are the specification's texts (`Texts` in
 * contract/src/constants.ts), word for word, taken from there rather than copied; a text that is a
 * function is called with `{0}`, `{1}` … so its arguments become placeholders.
 */
const constantsFile = fileURLToPath(new URL('../contract/src/constants.ts', import.meta.url));

/**
 * `Texts` from contract/src/constants.ts (a module without imports). Vite loads this config as
 * plain Node, which cannot import a workspace's TypeScript: the file is transpiled and imported
 * from a data: URL.
 */
let texts: Promise<Record<string, string | ((...args: string[]) => string)>> | undefined;
const loadTexts = () => {
  texts ??= transform(fs.readFileSync(constantsFile, 'utf8'), { loader: 'ts', format: 'esm' }).then(
    async ({ code }) =>
      (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).Texts,
  );
  return texts;
};

export const specTextsMessages = async (): Promise<Record<string, string>> =>
  Object.fromEntries(
    Object.entries(await loadTexts()).map(([name, text]) => [
      `texts.${name}`,
      typeof text === 'function'
        ? (text as (...args: string[]) => string)(...Array.from({ length: text.length }, (_, i) => `{${i}}`))
        : text,
    ]),
  );

/** The compiled messages of one catalogue file (the source language's public part gets `texts.*`). */
export const compileCatalogue = async (file: string): Promise<Record<string, unknown>> => {
  const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const withTexts = /[/\\]zh-CN[/\\]public\.json$/.test(file)
    ? { ...(await specTextsMessages()), ...source }
    : source;
  return Object.fromEntries(
    Object.entries(withTexts).map(([key, message]) => [key, compileMessage(message)]),
  );
};

const cataloguesDir = fileURLToPath(new URL('../contract/src/i18n', import.meta.url));

export const catalogues = (): Plugin => ({
  name: 'candy-catalogues',
  enforce: 'pre',
  /**
   * `.i18n/<language>.json`: each language's public catalogue, compiled, for the server to write
   * into the pages it serves (server/src/http/pageLanguage.ts): the same object the chunk holds.
   */
  async generateBundle() {
    if (this.environment.config.build.ssr) return;
    for (const language of fs.readdirSync(cataloguesDir)) {
      const file = path.join(cataloguesDir, language, 'public.json');
      if (!fs.existsSync(file)) continue;
      this.emitFile({
        type: 'asset',
        fileName: `.i18n/${language}.json`,
        source: JSON.stringify(await compileCatalogue(file)),
      });
    }
  },
  async load(id) {
    const [file = '', query] = id.split('?', 2);
    if (query !== 'catalogue' || !file.endsWith('.json')) return null;
    this.addWatchFile(file);
    // Returned as JSON: Vite's JSON plugin turns it into a module (`JSON.parse` of one string).
    return JSON.stringify(await compileCatalogue(file));
  },
});
