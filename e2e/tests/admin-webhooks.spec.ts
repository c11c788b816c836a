import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';

/** Webhook (issue 26.5): an endpoint added on a phone-sized page, a test event sent to a receiver on 127.0.0.1. */
describe('the webhook page in Chromium', () => {
  let browser: Browser;
  let receiver: http.Server;
  let receiverUrl = '';
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await browser.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('adds an endpoint, sends a test event and shows the delivery in the log, at 390×844', async () => {
    const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/webhooks', {
      viewport: { width: 390, height: 844 },
    });
    await page.getByText('还没有端点').waitFor();
    await page.getByTestId('hook-add').click();
    await page.getByTestId('hook-name').fill('我的接收器');
    await page.getByTestId('hook-url').fill(receiverUrl);
    await page.getByLabel('新评论').check();
    await page.getByTestId('hook-save').click();
    const card = page.getByTestId('hook-card');
    await card.waitFor();
    await expect(card.getByTestId('hook-secret').textContent()).resolves.toBe('whsec_••••••••');
    // The secret is fetched on 显示 (a fresh-login call): wait for it rather than read at once.
    await card.getByRole('button', { name: '显示' }).click();
    await card.locator('[data-testid="hook-secret"]', { hasText: /^whsec_[A-Za-z0-9+/]{32}$/ }).waitFor();
    await expect(card.getByTestId('hook-secret').textContent()).resolves.toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    await card.getByTestId('hook-test').click();
    const delivery = card.getByTestId('hook-delivery').first();
    await delivery.getByText('成功').waitFor({ timeout: 15_000 });
    await expect(delivery.textContent()).resolves.toContain('webhook.test');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
    expect(received[0]?.headers['webhook-signature']).toMatch(/^v1,/);

    await delivery.getByTestId('hook-resend').click();
    await card.getByTestId('hook-delivery').nth(1).waitFor();
    await card.getByTestId('hook-delivery').first().getByText('成功').waitFor({ timeout: 15_000 });
    expect(received.map((hook) => hook.headers['webhook-id'])).toEqual([
      received[0]?.headers['webhook-id'],
      received[0]?.headers['webhook-id'],
    ]);

    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);

    await card.getByTestId('hook-delete').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确定|确认|删除/ })
      .click();
    await page.getByText('还没有端点').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
