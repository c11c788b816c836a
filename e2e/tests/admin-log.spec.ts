import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, openAsOwner } from '../support/owner.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/** 日志 (issue 12): the server's own log on its page. A server of its own, logging at info. */
describe('the log browser in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      LOG_LEVEL: 'info',
      LOG_STDOUT: 'false',
    });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const visit = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    await res.arrayBuffer();
    return res.headers.get('x-request-id') ?? '';
  };

  it('shows a request made a second before, narrows to one request, searches and pages back', async () => {
    // More than a page of lines, so scrolling has something older to load.
    for (let index = 0; index < 130; index += 1) await visit(`/api/system/version?older=${index}`);
    const requestId = await visit('/api/blog/essay?marker=just-now');
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/revelation');
    const lines = page.getByTestId('log-line');
    const marked = lines.filter({ hasText: '/api/blog/essay?marker=just-now' });
    await marked.waitFor();
    expect(await marked.textContent()).toContain('200');

    // Its request id narrows the list to that request's lines.
    await marked.getByTestId('log-reqid').click();
    await page.getByTestId('log-request-filter').waitFor();
    await expect.poll(() => lines.count()).toBe(1);
    expect(await marked.getByTestId('log-reqid').textContent()).toBe(`#${requestId.slice(0, 8)}`);
    await page.getByTestId('log-request-filter').click();

    // Search in the loaded lines.
    await page.getByTestId('log-search').fill('older=3');
    await expect
      .poll(async () => (await lines.allTextContents()).every((text) => text.includes('older=3')))
      .toBe(true);
    await page.getByTestId('log-search').fill('');

    // Scrolling to the end loads older pages until the first line written.
    await expect
      .poll(
        async () => {
          await page.locator('.log-end').scrollIntoViewIfNeeded();
          return page.locator('.log-end').textContent();
        },
        { timeout: 20_000 },
      )
      .toContain('已到最早的日志');
    expect(await lines.filter({ hasText: '/api/system/version?older=0 ' }).count()).toBe(1);
    const ids = await lines.evaluateAll((nodes) => nodes.map((node) => node.textContent));
    expect(ids.length).toBeGreaterThan(130);
    await close();
  }, 60_000);

  it('finds a row by what it shows, and an error toast leads to its request’s lines', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/mabinogion');
    // The to-do list read is made to fail as a refusal would (4xx: not retried; its real request,
    // with its real id, is in the log): the toast names the request and links to its lines.
    let failedId = '';
    await page.route('**/api/todolist/realtodo*', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const real = await route.fetch();
      failedId = real.headers()['x-request-id'] ?? '';
      await route.fulfill({
        status: 409,
        headers: { 'content-type': 'application/json', 'x-request-id': failedId },
        body: JSON.stringify({ code: 4090, data: null, errorMsg: '服务器拒绝了' }),
      });
    });
    await page.reload();
    const toast = page.getByTestId('toast').filter({ hasText: '服务器拒绝了' }).first();
    await toast.waitFor();
    expect(failedId).not.toBe('');
    expect(await toast.textContent()).toContain(`#${failedId.slice(0, 8)}`);
    await page.unroute('**/api/todolist/realtodo*');
    await toast.getByRole('button', { name: '查看日志' }).click();
    await page.getByTestId('log-request-filter').waitFor();
    expect(await page.getByTestId('log-request-filter').textContent()).toContain(failedId.slice(0, 8));
    await expect
      .poll(async () => (await page.getByTestId('log-line').allTextContents()).join('\n'))
      .toContain('/api/todolist/realtodo');

    // A search for the request as its row shows it (method, path, status) finds it.
    await page.getByTestId('log-request-filter').click();
    await page.getByTestId('log-search').fill('GET /api/todolist/realtodo');
    await expect.poll(() => page.getByTestId('log-line').count()).toBeGreaterThan(0);
    await close();
  }, 60_000);

  it('follows the log live and filters by level', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/revelation');
    await page.getByTestId('log-line').first().waitFor();
    await page.getByTestId('log-follow').getByRole('switch').click();
    await visit('/api/system/version?live=1');
    await page.getByTestId('log-line').filter({ hasText: 'live=1' }).waitFor({ timeout: 10_000 });
    // New lines arrive at the top.
    expect(await page.getByTestId('log-line').first().textContent()).toContain('live=1');

    // Only errors: a page with none says so.
    await page.getByTestId('log-level').selectOption('error');
    await page.getByText('没有符合条件的行').waitFor();
    expect(await page.getByTestId('log-line').count()).toBe(0);
    await close();
  }, 60_000);
});
