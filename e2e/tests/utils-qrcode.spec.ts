import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { chromePath } from '../support/chromePath.ts';
import { watchProblems } from '../support/pages.ts';

const qr = async (text: string) => PNG.sync.read(await QRCode.toBuffer(text, { margin: 4, scale: 6 }));

const side = async (left: string, right: string): Promise<Buffer> => {
  const [a, b] = [await qr(left), await qr(right)];
  const both = new PNG({ width: a.width + b.width + 20, height: Math.max(a.height, b.height) });
  both.data.fill(255);
  PNG.bitblt(a, both, 0, 0, a.width, a.height, 0, 0);
  PNG.bitblt(b, both, 0, 0, b.width, b.height, a.width + 20, 0);
  return PNG.sync.write(both);
};

/** Rotated about its centre onto a white square, as in a tilted photo. */
const rotated = async (text: string, degrees: number): Promise<Buffer> => {
  const src = await qr(text);
  const size = Math.ceil(Math.hypot(src.width, src.height));
  const out = new PNG({ width: size, height: size });
  out.data.fill(255);
  const [sin, cos] = [Math.sin((degrees * Math.PI) / 180), Math.cos((degrees * Math.PI) / 180)];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sx = Math.round(cos * (x - size / 2) + sin * (y - size / 2) + src.width / 2);
      const sy = Math.round(-sin * (x - size / 2) + cos * (y - size / 2) + src.height / 2);
      if (sx >= 0 && sy >= 0 && sx < src.width && sy < src.height) {
        src.data.copy(out.data, (y * size + x) * 4, (sy * src.width + sx) * 4, (sy * src.width + sx) * 4 + 4);
      }
    }
  }
  return PNG.sync.write(out);
};

const png = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });

describe('QR recognition in Chromium', () => {
  let browser: Browser;
  let tab: Page;
  const baseUrl = inject('baseUrl');
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await browser.newPage();
    problems = watchProblems(tab, baseUrl);
    await tab.goto(`${baseUrl}/utils/qrcode-decode`);
  });
  afterAll(() => browser.close());

  const latest = () => tab.getByTestId('scan').first();

  it('reads two codes in one picked image', async () => {
    await tab
      .getByTestId('file-input')
      .setInputFiles(png('two.png', await side('https://example.com/candy', '第二个码')));
    await latest().getByTestId('scan-summary').waitFor();
    expect(await latest().getByTestId('scan-summary').textContent()).toContain('找到 2 个二维码');
    expect(await latest().locator('pre').allTextContents()).toEqual([
      'https://example.com/candy',
      '第二个码',
    ]);
  });

  it('offers a URL only as a button, and opens it on click', async () => {
    const code = latest().getByTestId('code').first();
    expect(await code.locator('a').count()).toBe(0);
    // Navigation outside is offline here: stop it at the door, we only check where it went.
    await tab.context().route('https://example.com/**', (route) => route.fulfill({ body: 'ok' }));
    const [popup] = await Promise.all([
      tab.context().waitForEvent('page'),
      code.getByRole('button', { name: '打开链接' }).click(),
    ]);
    await expect.poll(() => popup.url()).toBe('https://example.com/candy');
    await popup.close();
    expect(await latest().getByTestId('code').nth(1).getByRole('button', { name: '打开链接' }).count()).toBe(
      0,
    );
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('example.com')));
  });

  it('reads a rotated code', async () => {
    await tab.getByTestId('file-input').setInputFiles(png('tilted.png', await rotated('rotated 30', 30)));
    await latest().getByTestId('scan-summary').waitFor();
    expect(await latest().locator('pre').allTextContents()).toEqual(['rotated 30']);
  });

  it('reads an image pasted with Ctrl+V', async () => {
    const bytes = [...(await QRCode.toBuffer('pasted text', { margin: 4, scale: 6 }))];
    // A string script: this package is typed for Node, the code runs in the page.
    await tab.evaluate(`(() => {
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([new Uint8Array(${JSON.stringify(bytes)})], 'clip.png', { type: 'image/png' }));
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true }));
    })()`);
    await expect.poll(() => latest().locator('pre').allTextContents()).toEqual(['pasted text']);
  });

  it('says plainly when a file is not a readable image', async () => {
    await tab.getByTestId('file-input').setInputFiles(png('broken.png', Buffer.from('not a png at all')));
    await latest().getByRole('alert').waitFor();
    expect(await latest().getByRole('alert').textContent()).toBe('无法读取这张图片');
  });

  it('ran without errors or outside requests', () => {
    expect(problems).toEqual([]);
  });
});

/** One still frame as a Y4M video, the format Chromium's fake camera plays in a loop. */
const y4m = async (text: string): Promise<Buffer> => {
  const code = await qr(text);
  const [width, height] = [320, 320];
  const luma = Buffer.alloc(width * height, 255);
  const [left, top] = [(width - code.width) >> 1, (height - code.height) >> 1];
  for (let y = 0; y < code.height; y++) {
    for (let x = 0; x < code.width; x++)
      luma[(top + y) * width + left + x] = code.data[(y * code.width + x) * 4]!;
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  return Buffer.concat([Buffer.from(header), luma, chroma]);
};

describe('QR recognition from the camera in Chromium', () => {
  let browser: Browser;
  let video: string;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'candy-camera-')), 'qr.y4m');
    fs.writeFileSync(video, await y4m('seen by the camera'));
    // The shared launcher has no camera flags: the same flags plus a fake camera playing our file.
    browser = await chromium.launch({
      executablePath: chromePath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-dev-shm-usage',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
  });
  afterAll(async () => {
    await browser.close();
    fs.rmSync(path.dirname(video), { recursive: true, force: true });
  });

  it('reads a code the camera sees, then closes the camera', async () => {
    // Its own launcher: the site's service worker blocked here too (support/browser.ts says why),
    // and a Chinese reader as the shared one's (the page follows the browser's language).
    const context = await browser.newContext({
      permissions: ['camera'],
      serviceWorkers: 'block',
      locale: 'zh-CN',
    });
    const tab = await context.newPage();
    await tab.goto(`${baseUrl}/utils/qrcode-decode`);
    await tab.getByRole('button', { name: '用摄像头扫描' }).click();
    const scan = tab.getByTestId('scan').first();
    await scan.getByTestId('scan-summary').waitFor({ timeout: 30_000 });
    expect(await scan.locator('strong').textContent()).toBe('摄像头');
    expect(await scan.locator('pre').allTextContents()).toEqual(['seen by the camera']);
    expect(await tab.locator('video').count()).toBe(0);
    await context.close();
  });
});
