import { unzipSync } from 'fflate';
import type { Browser, Download, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { watchProblems } from '../support/pages.ts';

const WIDTH = 120;
const VIEW = 300;

/** Distinct rows of colour blocks: a synthetic page, header and footer. */
const band = (height: number, seed: number): Buffer => {
  let s = seed;
  const next = () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    return ((s ^ (s >>> 12)) >>> 0) & 0xff;
  };
  const data = Buffer.alloc(WIDTH * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < WIDTH; x += 8) {
      const [r, g, b] = [next(), next(), next()];
      for (let dx = 0; dx < 8; dx++) data.set([r, g, b, 255], (y * WIDTH + x + dx) * 4);
    }
  }
  return data;
};

const header = band(30, 1);
const footer = band(20, 2);
const page = band(900, 3);
const original = Buffer.concat([header, page, footer]);

const png = (data: Buffer, height: number) => {
  const image = new PNG({ width: WIDTH, height });
  data.copy(image.data);
  return PNG.sync.write(image);
};

/** Screenshots at these scroll offsets, named so that sorting by name restores the order. */
const shots = [0, 220, 450, 600].map((scroll, i) => ({
  name: `shot-${i + 1}.png`,
  mimeType: 'image/png',
  buffer: png(
    Buffer.concat([header, page.subarray(scroll * WIDTH * 4, (scroll + VIEW) * WIDTH * 4), footer]),
    30 + VIEW + 20,
  ),
}));

const read = async (download: Download) => Buffer.concat(await (await download.createReadStream()).toArray());

describe('long screenshot stitching in Chromium', () => {
  let browser: Browser;
  let tab: Page;
  const baseUrl = inject('baseUrl');
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await browser.newPage();
    problems = watchProblems(tab, baseUrl);
    await tab.goto(`${baseUrl}/utils/merge-image`);
    // Picked out of order, then sorted by name.
    await tab.getByTestId('file-input').setInputFiles([shots[2]!, shots[0]!, shots[3]!, shots[1]!]);
    await tab.getByRole('button', { name: '按文件名排序', exact: true }).click();
    await tab.getByTestId('result-size').waitFor();
  });
  afterAll(() => browser.close());

  it('says the files never leave the machine', async () => {
    expect(await tab.getByTestId('privacy-note').textContent()).toContain('不会上传');
  });

  it('finds the fixed bars and every overlap', async () => {
    expect(await tab.getByTestId('result-size').textContent()).toBe('120 × 950');
    expect(await tab.getByTestId('merge-result').textContent()).toContain('固定顶栏 30 px · 固定底栏 20 px');
    const seams = await tab.getByTestId('seam').allTextContents();
    expect(seams.map((s) => /重叠 (\d+) px/.exec(s)?.[1])).toEqual(['80', '70', '150']);
  });

  it('exports a PNG identical to the original page, pixel for pixel', async () => {
    const [download] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('button', { name: '导出原尺寸图片' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('merged.png');
    const image = PNG.sync.read(await read(download));
    expect([image.width, image.height]).toEqual([120, 950]);
    expect(image.data.equals(original)).toBe(true);
  });

  it('exports a JPEG when asked', async () => {
    await tab.getByLabel('导出格式').selectOption('image/jpeg');
    const [download] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('button', { name: '导出原尺寸图片' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('merged.jpg');
    expect([...(await read(download)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('moves a seam when the overlap is nudged by hand', async () => {
    await tab.getByTestId('seam').first().getByRole('button', { name: '+10' }).click();
    expect(await tab.getByTestId('result-size').textContent()).toBe('120 × 940');
  });

  it('reorders by dragging, and says so when a pair no longer overlaps', async () => {
    const frames = tab.getByTestId('frame-list').locator('li');
    await frames.nth(0).dragTo(frames.nth(3));
    expect(await frames.locator('.merge-frame-name').allTextContents()).toEqual([
      '1. shot-2.png',
      '2. shot-3.png',
      '3. shot-4.png',
      '4. shot-1.png',
    ]);
    await tab.getByTestId('result-size').waitFor();
    expect(await tab.getByTestId('seam').nth(2).textContent()).toContain('未找到重叠');
  });

  it('ran without errors or outside requests', () => {
    expect(problems).toEqual([]);
  });
});

describe('a stitched result taller than one canvas', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('is exported as numbered tiles in one zip, together the whole page', async () => {
    const tall = band(17_000, 4);
    const frame = (top: number, height: number) => ({
      name: `tall-${top}.png`,
      mimeType: 'image/png',
      buffer: png(tall.subarray(top * WIDTH * 4, (top + height) * WIDTH * 4), height),
    });
    const tab = await browser.newPage();
    await tab.goto(`${baseUrl}/utils/merge-image`);
    await tab.getByTestId('file-input').setInputFiles([frame(0, 9_000), frame(8_000, 9_000)]);
    await tab.getByTestId('result-size').waitFor({ timeout: 30_000 });
    expect(await tab.getByTestId('result-size').textContent()).toBe('120 × 17000');
    const [download] = await Promise.all([
      tab.waitForEvent('download', { timeout: 30_000 }),
      tab.getByRole('button', { name: '导出原尺寸图片' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('merged.zip');
    const tiles = unzipSync(new Uint8Array(await read(download)));
    expect(Object.keys(tiles)).toEqual(['merged-01.png', 'merged-02.png']);
    const pixels = Buffer.concat(Object.values(tiles).map((t) => PNG.sync.read(Buffer.from(t)).data));
    expect(pixels.equals(tall)).toBe(true);
    expect(await tab.getByTestId('export-notice').textContent()).toContain('2 张图');
    await tab.close();
  });
});
