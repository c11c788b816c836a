import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { Texts } from '../constants.ts';
import { allLanguages, sourceLanguage } from '../languages.ts';

/**
 * Every language says everything (issue 44): each catalogue has exactly the keys of the source
 * language's, each message parses as ICU MessageFormat, and names the same placeholders. The
 * source's public part also holds the specification's texts (`Texts`), which web/catalogues.ts adds
 * from contract/src/constants.ts; so every other language must translate each of them.
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const parts = ['public', 'admin', 'tools', 'server'] as const;

const read = (language: string, part: string): Record<string, string> => {
  const own = JSON.parse(fs.readFileSync(path.join(dir, language, `${part}.json`), 'utf8')) as Record<
    string,
    string
  >;
  if (language !== sourceLanguage || part !== 'public') return own;
  const texts = Object.fromEntries(
    Object.entries(Texts).map(([name, text]) => [
      `texts.${name}`,
      typeof text === 'function'
        ? (text as (...args: string[]) => string)(...Array.from({ length: text.length }, (_, i) => `{${i}}`))
        : text,
    ]),
  );
  return { ...texts, ...own };
};

/**
 * The placeholders a message names (`{name}`, `{count, plural, …}`), sorted. Lingui compiles a
 * message to pieces: text, or a token `[name, format?, options?]` whose options (a plural's or a
 * select's branches) are messages again; `#`, a plural's number, is text there.
 */
const placeholdersOf = (message: string): string[] => {
  const names = new Set<string>();
  const walk = (pieces: unknown): void => {
    if (!Array.isArray(pieces)) return;
    for (const piece of pieces) {
      if (!Array.isArray(piece) || typeof piece[0] !== 'string') continue;
      names.add(piece[0]);
      const options: unknown = piece[2];
      if (options && typeof options === 'object') for (const branch of Object.values(options)) walk(branch);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
};

describe.each(parts)('the %s catalogues', (part) => {
  const source = read(sourceLanguage, part);

  it('are not empty', () => {
    expect(Object.keys(source).length).toBeGreaterThan(0);
  });

  it.each(allLanguages.filter((l) => l !== sourceLanguage))('%s has every key and no other', (language) => {
    const own = read(language, part);
    expect(Object.keys(own).sort()).toEqual(Object.keys(source).sort());
  });

  it.each(allLanguages)('%s: every message parses and names the source’s placeholders', (language) => {
    const own = read(language, part);
    for (const [key, message] of Object.entries(own)) {
      expect(() => compileMessage(message), key).not.toThrow();
      expect(placeholdersOf(message), key).toEqual(placeholdersOf(source[key] ?? ''));
      expect(message.trim(), key).not.toBe('');
    }
  });
});

it('the source keeps the specification’s texts word for word', () => {
  const source = read(sourceLanguage, 'public');
  expect(source['texts.offlineWrite']).toBe('正在使用离线模式');
  expect(source['texts.musicNotFound']).toBe('没有找到对应的音乐: {0}');
  expect(source['texts.illegalInput']).toBe('Illegal input');
});
