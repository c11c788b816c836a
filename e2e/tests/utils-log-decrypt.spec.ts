import { createCipheriv } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { watchProblems } from '../support/pages.ts';

const DEFAULT_KEY = '0123456789012345';
const CUSTOM_KEY = 'candyjar-key-123';

const record = (n: number) => ({
  c: `第 ${n} 条日志 ${n % 2 ? 'login ok' : 'sync done'}`,
  f: (n % 2) + 1,
  l: 1_700_000_000_000 + n * 1000,
  n: n % 2 ? 'main' : 'io',
  i: n % 2 ? 1 : 42,
  m: n % 2 === 1,
});

/** A Logan file as the library writes it: gzip, AES-128-CBC per block, 0x01 length … 0x00. */
const logan = (batches: number[][], key = DEFAULT_KEY): Buffer =>
  Buffer.concat(
    batches.flatMap((batch) => {
      const cipher = createCipheriv('aes-128-cbc', Buffer.from(key), Buffer.from(DEFAULT_KEY));
      const plain = gzipSync(batch.map((n) => `${JSON.stringify(record(n))}\n`).join(''));
      const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
      const head = Buffer.alloc(5);
      head[0] = 0x01;
      head.writeUInt32BE(encrypted.length, 1);
      return [head, encrypted, Buffer.from([0x00])];
    }),
  );

const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/octet-stream', buffer });

describe('phone log decryption in Chromium', () => {
  let browser: Browser;
  let tab: Page;
  const baseUrl = inject('baseUrl');
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await browser.newPage();
    problems = watchProblems(tab, baseUrl, { console: false });
    await tab.goto(`${baseUrl}/utils/oplus-log-decrypt`);
  });
  afterAll(() => browser.close());

  it('decrypts a Logan file with the default key into a table with times', async () => {
    await tab.getByTestId('file-input').setInputFiles(
      file(
        'app.dog2',
        logan([
          [1, 2, 3],
          [4, 5],
        ]),
      ),
    );
    await tab.getByTestId('record-count').waitFor();
    expect(await tab.getByTestId('reports').textContent()).toContain('Logan 日志：2 块，5 条记录');
    expect(await tab.getByTestId('record-count').textContent()).toBe('5 / 5 条');
    const rows = await tab.getByTestId('records').locator('tbody tr').allTextContents();
    expect(rows[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.000/);
    expect(rows[0]).toContain('第 1 条日志 login ok');
  });

  it('filters the table by a search', async () => {
    await tab.getByLabel('搜索').fill('sync done');
    await expect.poll(() => tab.getByTestId('record-count').textContent()).toBe('2 / 5 条');
    await tab.getByLabel('搜索').fill('');
  });

  it('exports the records as JSON', async () => {
    const [download] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('button', { name: '导出 JSON' }).click(),
    ]);
    const json = JSON.parse(
      Buffer.concat(await (await download.createReadStream()).toArray()).toString(),
    ) as {
      message: string;
    }[];
    expect(json.map((r) => r.message)).toEqual([1, 2, 3, 4, 5].map((n) => record(n).c));
  });

  it('says the key is wrong, then decrypts with the key the user enters', async () => {
    await tab.getByTestId('file-input').setInputFiles(file('custom.dog3', logan([[7, 8]], CUSTOM_KEY)));
    await tab.getByRole('alert').waitFor();
    expect(await tab.getByRole('alert').textContent()).toContain('密钥或 IV 不正确');
    await tab.getByLabel('密钥').fill(CUSTOM_KEY);
    await tab.getByRole('button', { name: '用这个密钥解密' }).click();
    await tab.getByTestId('record-count').waitFor();
    expect(await tab.getByTestId('record-count').textContent()).toBe('2 / 2 条');
    await tab.getByRole('button', { name: '恢复默认密钥' }).click();
  });

  it('shows the records before a truncation and where it stopped', async () => {
    const whole = logan([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    await tab.getByTestId('file-input').setInputFiles(file('cut.dog1', whole.subarray(0, whole.length - 20)));
    await tab.getByTestId('stopped-at').waitFor();
    expect(await tab.getByTestId('stopped-at').textContent()).toMatch(/在第 \d+ 字节处停止：第 3 块.*截断/);
    expect(await tab.getByTestId('record-count').textContent()).toBe('4 / 4 条');
  });

  it('opens a zip of a plain log folder, one line per file', async () => {
    const text = (s: string) => new TextEncoder().encode(s);
    const zip = zipSync({
      'logs/app.log': text('2024-01-02 12:00:00.123 I start\n2024-01-02 12:00:01.000 E failed\n'),
      'logs/net/http.txt': text('connect ok\n'),
    });
    await tab.getByTestId('file-input').setInputFiles(file('logs.zip', Buffer.from(zip)));
    await tab.getByTestId('reports').getByText('logs.zip/logs/net/http.txt').waitFor();
    expect(await tab.getByTestId('reports').textContent()).toContain('logs.zip/logs/app.log 文本日志：2 行');
    expect(await tab.getByTestId('record-count').textContent()).toBe('3 / 3 条');
  });

  it('names an unknown file as unknown instead of decrypting it', async () => {
    const noise = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 73 + 11) % 256));
    await tab.getByTestId('file-input').setInputFiles(file('mystery.bin', noise));
    await tab.getByRole('alert').waitFor();
    expect(await tab.getByRole('alert').textContent()).toContain('无法识别的格式');
  });

  it('ran without errors or outside requests', () => {
    expect(problems).toEqual([]);
  });
});
