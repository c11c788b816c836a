import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'server/dist/cli.js');

/**
 * The command line speaks the operator's language (issue 44): their locale when it names one, else
 * the site's (SITE_LANGUAGE). The real `cli.js` in its own process, on a database of its own.
 */
describe('the command line in the operator’s language', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-cli-language-'));
  const quotes = path.join(work, 'sentences.json');
  const notAList = path.join(work, 'not-a-list.json');

  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--server'], { stdio: 'ignore' });
    const sentence = (hitokoto: string) => ({ hitokoto, type: 'a', from: '测试' });
    fs.writeFileSync(
      quotes,
      JSON.stringify([sentence('第一句'), sentence('第二句'), sentence('第一句'), { type: 'a' }]),
    );
    fs.writeFileSync(notAList, JSON.stringify({ hitokoto: '一句' }));
  }, 300_000);
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  /** This process's environment without the settings the test decides (languages, the database). */
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(LANG|LANGUAGE|LC_.*|SITE_LANGUAGES?|DATABASE_URL)$/.test(name),
    ),
  );

  /** `cli.js …args` with this locale, on the database of `DATA_DIR=work/dataDir`. */
  const run = (locale: Record<string, string>, dataDir: string, ...args: string[]) => {
    const result = spawnSync(process.execPath, [cli, ...args], {
      env: {
        ...inherited,
        ...locale,
        DATA_DIR: path.join(work, dataDir),
        LOG_LEVEL: 'silent',
        LOG_FILES: 'false',
      },
      encoding: 'utf8',
    });
    return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
  };

  it('imports quotes and refuses a file in English for an English locale', () => {
    const english = { LANG: 'en_US.UTF-8' };
    expect(run(english, 'en', 'import-hitokoto', quotes)).toEqual({
      code: 0,
      stdout: 'imported 2 quote(s); skipped 1 duplicate(s), 1 invalid',
      stderr: '',
    });
    expect(run(english, 'en', 'import-hitokoto', notAList)).toMatchObject({
      code: 1,
      stderr: 'expected a JSON array of sentences',
    });
    expect(run(english, 'en', 'export')).toMatchObject({
      code: 2,
      stderr: 'usage: npm run export -- <file.tar.gz>',
    });
  });

  it('says the same in Chinese for a Chinese locale, and for a site in Chinese when the locale names none', () => {
    const chinese = { LANG: 'zh_CN.UTF-8', SITE_LANGUAGE: 'en' };
    expect(run(chinese, 'zh', 'import-hitokoto', quotes)).toEqual({
      code: 0,
      stdout: '已导入 2 条句子；跳过重复的 1 条、无效的 1 条',
      stderr: '',
    });
    expect(run(chinese, 'zh', 'import-hitokoto', notAList)).toMatchObject({
      code: 1,
      stderr: '文件应是句子的 JSON 数组',
    });
    // `C.UTF-8` (most containers) names no language: the site's, Chinese by default.
    expect(run({ LANG: 'C.UTF-8' }, 'zh', 'export')).toMatchObject({
      code: 2,
      stderr: '用法：npm run export -- <文件.tar.gz>',
    });
    expect(run({ LANG: 'C.UTF-8', SITE_LANGUAGE: 'en' }, 'zh', 'export').stderr).toBe(
      'usage: npm run export -- <file.tar.gz>',
    );
  });
});
