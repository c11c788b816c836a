import fs from 'node:fs';
import path from 'node:path';
import { photograph } from '@candy/server/test/fakes/photograph.ts';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/** A gallery picture as uploads stored it before the pipeline (issue 30): the file and its row only. */
const oldGalleryPicture = (server: RunningServer, name: string, body: Buffer) => {
  const file = path.join(server.dataDir, 'files', 'waifu', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  const db = new Database(path.join(server.dataDir, 'candy.sqlite'));
  try {
    db.prepare(
      "INSERT INTO waifu (url, preview, width, height, title, tags, sort_order, created_at) VALUES (?, ?, 1200, 800, '旧图', '[]', 0, ?)",
    ).run(`/files/waifu/${name}`, `/files/waifu/${name}`, Date.now() - 86_400_000);
  } finally {
    db.close();
  }
};

const panelOn = (page: Page, pagePath: string) =>
  page.locator(`[data-page="${pagePath}"] [data-testid="image-pipeline"]`);

/**
 * The back office follows the image pipeline (issue 30): after an upload it shows the copies being
 * made until they exist; the dashboard shows how far every picture is, finds pictures stored before
 * the pipeline, names the last failure and retries.
 */
describe('the image pipeline in the back office', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({
      OWNER_USERNAME: 'e2e-owner',
      OWNER_PASSWORD: 'e2e-owner-password',
      SEED_DEMO: 'false',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('a photograph uploaded to the gallery shows its copies being made, until they are done', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/waifu', {
      viewport: { width: 1366, height: 860 },
    });
    try {
      const where = '[data-page="/great-old-one/waifu"]';
      await page
        .locator(`${where} .admin-dropzone input[type="file"]`)
        .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photograph(2400, 1600) });
      await page.getByTestId('toast').getByText('已上传 1 张').waitFor();
      const panel = panelOn(page, '/great-old-one/waifu');
      // Read again every two seconds while the copies are made, then it says so. (全部完成 alone
      // may still be the answer from before the upload, when there was nothing to do.)
      await expect
        .poll(() => panel.locator('.admin-progress-label').textContent(), { timeout: 30_000 })
        .toBe('1 / 1');
      await panel.getByText('全部完成').waitFor();
      expect(
        await panel.getByRole('progressbar', { name: '图片副本进度' }).getAttribute('aria-valuenow'),
      ).toBe('100');
      expect(await panel.getByTestId('image-pipeline-retry').isDisabled()).toBe(true);
    } finally {
      await close();
    }
  });

  it('on a phone, 查找旧图片 registers the gallery’s old pictures; a broken one fails, and 重试 after repairing it', async () => {
    oldGalleryPicture(server, 'old-good.jpg', await photograph(1200, 800));
    oldGalleryPicture(server, 'old-broken.jpg', Buffer.from('this is not a picture'));
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/index', {
      viewport: { width: 390, height: 844 },
    });
    try {
      const panel = panelOn(page, '/great-old-one/index');
      await panel.getByText('全部完成').waitFor();
      const retry = panel.getByTestId('image-pipeline-retry');
      expect(await retry.isDisabled()).toBe(true);
      expect(await retry.getAttribute('title')).toBe('没有失败的图片');

      await panel.getByTestId('image-pipeline-adopt').click();
      await page.getByTestId('toast').getByText('登记了 2 张旧图片，正在做副本').waitFor();
      // The broken one fails at once (the decoder refuses it: waiting would not help).
      await panel.getByText('失败 1 张').waitFor({ timeout: 30_000 });
      await panel.getByText('处理完毕').waitFor({ timeout: 30_000 });
      expect(await panel.getByTestId('image-pipeline-error').textContent()).toMatch(
        /^最近一次失败：waifu\/old-broken\.jpg：/,
      );
      expect(await panel.locator('.admin-progress-label').textContent()).toBe('2 / 3');

      // The dashboard with a failure showing: accessible and within the phone's width.
      expect(await seriousViolations(page)).toEqual([]);
      const fit = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
          .document;
        return {
          scroll: doc.documentElement.scrollWidth,
          inner: (globalThis as unknown as { innerWidth: number }).innerWidth,
        };
      });
      expect(fit.scroll).toBeLessThanOrEqual(fit.inner);

      // The owner puts the real picture back and tries again.
      fs.writeFileSync(
        path.join(server.dataDir, 'files', 'waifu', 'old-broken.jpg'),
        await photograph(1200, 800),
      );
      expect(await retry.isDisabled()).toBe(false);
      await retry.click();
      await page.getByTestId('toast').getByText('已重新排队 1 张图片').waitFor();
      await panel.getByTestId('image-pipeline-error').waitFor({ state: 'detached', timeout: 30_000 });
      await panel.getByText('全部完成').waitFor({ timeout: 30_000 });
      expect(await panel.locator('.admin-progress-label').textContent()).toBe('3 / 3');
      expect(await retry.isDisabled()).toBe(true);
    } finally {
      await close();
    }
  });
});
