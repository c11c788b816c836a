import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';

/** 定时任务 (issue 12): the scheduler's jobs on their page, edited and run by the owner. */
describe('the cron jobs page in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists every job with its schedule and next run', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/cron');
    await page.getByTestId('cron-job').first().waitFor();
    const names = await page.locator('[data-testid="cron-job"] h2').allTextContents();
    expect(names).toEqual([
      '发布定时随笔',
      '导出离线快照',
      '友链体检',
      '数据库备份',
      '清理旧版本',
      '图片尺寸',
      '评论回复通知',
      'Webhook 投递',
      '发送 Webmention',
      '验证 Webmention',
      '导入搬家',
      '联邦缓存清理',
      '订阅邮件',
      '清理',
    ]);
    // The next run is in the future (the page's own clock is pinned by the test, so read the time).
    const next = await page
      .locator('[data-job-id="cleanup"] [data-testid="cron-next"] time')
      .getAttribute('datetime');
    expect(Date.parse(next ?? '')).toBeGreaterThan(Date.now());
    await close();
  });

  it('names the jobs in English as soon as the owner switches, without a reload (issue 44)', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/cron', { locale: 'zh-CN' });
    const name = page.locator('[data-job-id="cleanup"] h2');
    await expect.poll(() => name.textContent()).toBe('清理');
    // A mark on the page's window: a reload would drop it.
    await page.evaluate(() => Object.assign(globalThis, { e2eSameDocument: true }));
    await page.getByTestId('settings-button').click();
    await page.getByTestId('language-en').click();
    // The list was fetched in Chinese moments ago (fresh for 10 s, read again every 30 s): the
    // switch itself fetches it again, with the server's English names and descriptions.
    await expect.poll(() => name.textContent(), { timeout: 5000 }).toBe('Clean-up');
    expect(await page.locator('[data-job-id="cleanup"]').textContent()).toContain(
      'Deletes expired handshakes',
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => 'e2eSameDocument' in globalThis)).toBe(true);
    await close();
  });

  it('checks a schedule while it is typed, previews five runs, and saves it', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/cron');
    const job = page.locator('[data-job-id="cleanup"]');
    await job.getByRole('button', { name: '修改计划' }).click();
    await job.getByTestId('cron-input').fill('every night');
    await job.getByTestId('cron-error').waitFor();
    expect(await job.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
    await job.getByTestId('cron-input').fill('15 5 * * *');
    await expect.poll(() => job.locator('[data-testid="cron-preview"] li').count()).toBe(5);
    const first = await job.locator('[data-testid="cron-preview"] li').first().textContent();
    expect(first).toMatch(/ 05:15$/);
    await job.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => job.locator('code').textContent()).toBe('15 5 * * *');
    // Stored: a reload shows it.
    await page.reload();
    await page.locator('[data-job-id="cleanup"] code').waitFor();
    expect(await page.locator('[data-job-id="cleanup"] code').textContent()).toBe('15 5 * * *');
    await close();
  });

  it('runs a job now and shows its result in the history', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/cron');
    const job = page.locator('[data-job-id="cleanup"]');
    await job.getByTestId('cron-fire').click();
    await expect
      .poll(() => job.locator('.admin-badge').first().textContent(), { timeout: 10_000 })
      .toBe('上次成功');
    await job.getByRole('button', { name: /^历史/ }).click();
    const run = job.locator('[data-testid="cron-history"] li').first();
    expect(await run.textContent()).toContain('手动');
    expect(await run.locator('.cron-run-output').textContent()).toContain('已删除');
    await close();
  });

  it('says on the snapshot job’s card what the offline snapshot holds, dark part sealed (issue 46.2)', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/cron');
    const job = page.locator('[data-job-id="snapshot"]');
    await job.getByTestId('cron-fire').click();
    const output = job.locator('.cron-job-output');
    await expect
      .poll(() => output.textContent(), { timeout: 20_000 })
      .toMatch(/快照里有 \d+ 篇随笔（检索索引 \d+ 块）.*；加密的朋友圈 \d+ 条、老婆 \d+ 张、小图 \d+ 张$/);
    await close();
  });

  it('switches a job off and on', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/cron');
    const job = page.locator('[data-job-id="link-health"]');
    const toggle = job.getByTestId('cron-enabled').getByRole('switch');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await job.getByTestId('cron-next').textContent()).toBe('已停用');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await close();
  });
});
