import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { accessKeyOf, openAsOwner } from '../support/owner.ts';

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
    // The e2e server has no site address and the owner uses it from this machine: links stay paths.
    expect(await page.getByTestId('push-link-warning').textContent()).toContain('SITE_URL');
    expect(await card.getByText('未配置').count()).toBe(1);
    await card.locator('input[name="server"]').fill(ntfyBase);
    await card.locator('input[name="topic"]').fill('bad topic!');
    await card.getByTestId('push-save').click();
    await card.getByText('主题只能含字母、数字、- 和 _').waitFor();
    // An internal address is refused by the server: the reason sits at its field, in words, and
    // names the setting that would allow it (issue 41.5).
    await card.locator('input[name="server"]').fill('http://10.0.0.1');
    await card.locator('input[name="topic"]').fill('candy-e2e');
    await card.getByTestId('push-save').click();
    const serverField = card.locator('.admin-field', { has: page.locator('input[name="server"]') });
    await expect
      .poll(() => serverField.locator('.field-error').textContent())
      .toContain('OUTBOUND_ALLOWED_ADDRESSES');
    await card.locator('input[name="server"]').fill(ntfyBase);
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

  it('lists every subscribed browser by name and removes one left on another device', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/mpush');
    await page.locator('[data-testid="push-channel"][data-channel="webpush"]').waitFor();
    // Another device subscribed earlier: the owner's own key, sent from outside this browser.
    const accessKey = await accessKeyOf(page);
    const endpoint = 'https://web.push.apple.com/e2e-lost-phone';
    const res = await fetch(`${baseUrl}/api/message/webpush/subscription`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-fingerprint': accessKey,
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      },
      body: JSON.stringify({ endpoint, keys: { p256dh: 'BNc-e2e', auth: 'auth-e2e' } }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    await page.reload();
    const row = page.getByTestId('push-browser').filter({ hasText: 'Safari · iOS' });
    await row.waitFor();
    expect(await row.textContent()).toContain('web.push.apple.com');
    await row.getByRole('button', { name: /移除/ }).click();
    await page.getByText('移除已订阅的浏览器「Safari · iOS」？').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await row.waitFor({ state: 'detached' });
    await close();
  });
});
