import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';

/** 推送 (issue 12): a channel set up and tested from its page, against a fake ntfy on 127.0.0.1. */
describe('the push page in Chromium', () => {
  let browser: Browser;
  let ntfy: http.Server;
  let ntfyBase = '';
  const received: { path: string; json: Record<string, unknown> }[] = [];
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
    ntfy = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ path: req.url ?? '', json: JSON.parse(body || '{}') });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"x"}');
      });
    });
    await new Promise<void>((resolve) => ntfy.listen(0, '127.0.0.1', resolve));
    ntfyBase = `http://127.0.0.1:${(ntfy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser.close();
    ntfy.closeAllConnections();
    await new Promise((resolve) => ntfy.close(resolve));
  });

  it('sets up ntfy, refuses a bad topic before sending, tests it, and lists the message with its result', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/mpush');
    const card = page.locator('[data-testid="push-channel"][data-channel="ntfy"]');
    await card.waitFor();
    // The e2e server has no SITE_DOMAINS: the page warns that links will be bare paths.
    expect(await page.getByTestId('push-link-warning').textContent()).toContain('SITE_DOMAINS');
    expect(await card.getByText('未配置').count()).toBe(1);
    await card.locator('input[name="server"]').fill(ntfyBase);
    await card.locator('input[name="topic"]').fill('bad topic!');
    await card.getByTestId('push-save').click();
    await card.getByText('主题只能含字母、数字、- 和 _').waitFor();
    await card.locator('input[name="topic"]').fill('candy-e2e');
    await card.locator('input[name="token"]').fill('ntfy-token-e2e-123456');
    await card.getByTestId('push-save').click();
    await card.getByText('已启用').waitFor();
    // The token is write-only: the page shows its last characters, never the value.
    await expect
      .poll(() => card.locator('input[name="token"]').getAttribute('placeholder'))
      .toContain('••••3456');
    expect(await card.locator('input[name="token"]').inputValue()).toBe('');

    await card.getByTestId('push-test').click();
    await card.locator('[data-testid="push-result"][data-outcome="ok"]').waitFor();
    expect(received.at(-1)).toMatchObject({
      path: '/',
      json: { topic: 'candy-e2e', title: '糖果罐测试消息' },
    });

    const message = page.getByTestId('push-message').first();
    await message.getByText('糖果罐测试消息').waitFor();
    expect(await message.locator('[data-testid="push-result"][data-outcome="ok"]').textContent()).toContain(
      'ntfy',
    );
    expect(await message.locator('[data-outcome="skipped"]').count()).toBe(0);
    await close();
  });
});
