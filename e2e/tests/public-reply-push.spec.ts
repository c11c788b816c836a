import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { accessKeyOf, E2E_OWNER, openAsOwner, ownerCall } from '../support/owner.ts';
import { goInApp, openPage, waitForPath } from '../support/pages.ts';
import { newestEssayId } from '../support/publicPages.ts';
import { freePort, type RunningServer, startServer } from '../support/server.ts';
import {
  decryptPush,
  fakePushManagerScript,
  type PushStandIn,
  startPushStandIn,
} from '../support/webPush.ts';

interface ShownNotification {
  title: string;
  body: string;
  data: { url: string };
}

/**
 * Replies reach the visitor (issue 25.3): a visitor comments on an essay and presses the bell on
 * their comment, the owner replies from the back office, and the visitor's browser shows the
 * notification, which opens the essay at the reply. Its own server, so that loopback push
 * endpoints are allowed (PUSH_ALLOW_LOOPBACK) and the shared server's comment limits are untouched.
 */
describe('a reply reaches the visitor’s browser', () => {
  let browser: Browser;
  let server: RunningServer;
  let push: PushStandIn;
  let essayId = 0;
  const uuid = crypto.randomUUID();
  const text = `铃铛测试 ${Date.now().toString(36)}`;
  let visitor: { page: Page; close: () => Promise<void> };

  beforeAll(async () => {
    push = await startPushStandIn();
    // The site's own address: the links of the subscription mails (issue 43) need one, and an owner
    // on a loopback origin is never taken for it.
    const port = await freePort();
    server = await startServer({
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      PUSH_ALLOW_LOOPBACK: 'true',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
    });
    browser = await launchBrowser({ notifications: true });
    essayId = await newestEssayId(server.url);
    visitor = await openPage(browser, 'about:blank', {
      record: { uuid, guestName: '铃铛访客', guestEmail: 'bell@example.com' },
      serviceWorkers: 'allow',
    });
    await visitor.page.context().grantPermissions(['notifications'], { origin: server.url });
    await visitor.page.context().addInitScript(fakePushManagerScript(`${push.base}/wp/${uuid}`));
  }, 90_000);
  afterAll(async () => {
    await visitor?.close();
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await push?.close();
  });

  // Issue 41.10: the opt-in was offered on a site that cannot send mail.
  it('offers 有回复时邮件通知我 only once the owner has set up an SMTP server', async () => {
    const { page } = visitor;
    // Issue 43: the essay's subscription form asks the server too, and is not shown either.
    const newsletterAsked = page.waitForResponse((res) => res.url().includes('/api/blog/newsletter/state'));
    await page.goto(`${server.url}/chaos/${essayId}`);
    await page.getByTestId('subscribe-essay').scrollIntoViewIfNeeded();
    expect((await newsletterAsked).ok()).toBe(true);
    expect(await page.getByTestId('subscribe-essay').locator('form').count()).toBe(0);
    // The form asks the server (replyPushKey) and is told no mail goes out.
    const asked = page.waitForResponse((res) => res.url().includes('/api/blog/comment/push/key'));
    await page.getByRole('button', { name: '评论', exact: true }).click();
    const form = page.locator('.comments > .comment-form');
    await form.getByRole('textbox', { name: '昵称（可选）' }).waitFor();
    await asked;
    expect(await form.getByRole('checkbox', { name: '有回复时邮件通知我' }).count()).toBe(0);
    const owner = await openAsOwner(browser, server.url);
    try {
      const key = await accessKeyOf(owner.page);
      const saved = await ownerCall(server.url, () => key)('PUT', '/message/channel/email', {
        enabled: true,
        // Nothing listens there: the mails of this spec are not what it tests.
        settings: {
          host: '127.0.0.1',
          port: '9',
          secure: 'false',
          user: '',
          pass: '',
          from: 'site@candy.example',
          to: 'me@candy.example',
        },
      });
      expect(saved.code).toBe(0);
    } finally {
      await owner.close();
    }
  });

  it('comments with 有回复时邮件通知我 ticked and shows the bell on its own comment only', async () => {
    const { page } = visitor;
    await page.goto(`${server.url}/chaos/${essayId}`);
    await page.getByRole('button', { name: '评论', exact: true }).click();
    const form = page.locator('.comments > .comment-form');
    await form.getByRole('textbox', { name: '说点什么吧' }).fill(text);
    await form.getByRole('checkbox', { name: '有回复时邮件通知我' }).check();
    await form.getByRole('button', { name: '发表' }).click();
    const mine = page.getByTestId('comment').filter({ hasText: text });
    await mine.waitFor();
    const bell = mine.getByRole('button', { name: '回复提醒' });
    expect(await bell.getAttribute('aria-pressed')).toBe('false');
    // Only on one's own comments.
    expect(await page.getByTestId('reply-bell').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the bell and the checkbox stay accessible in dark mode on a phone', async () => {
    const dark = await openPage(browser, `${server.url}/chaos/${essayId}`, {
      viewport: { width: 390, height: 844 },
      hour: 2,
      record: { uuid, guestEmail: 'bell@example.com' },
    });
    try {
      await dark.page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
      await dark.page.getByRole('button', { name: '评论', exact: true }).click();
      await dark.page.getByTestId('reply-bell').waitFor();
      expect(await seriousViolations(dark.page)).toEqual([]);
    } finally {
      await dark.close();
    }
  });

  it('pressing the bell subscribes this browser for replies', async () => {
    const { page } = visitor;
    const bell = page
      .getByTestId('comment')
      .filter({ hasText: text })
      .getByRole('button', { name: '回复提醒' });
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-pressed')).toBe('true');
    const status = await fetch(
      `${server.url}/api/blog/comment/push/subscription?endpoint=${encodeURIComponent(`${push.base}/wp/${uuid}`)}`,
      { headers: { 'x-uuid': uuid } },
    );
    expect(((await status.json()) as { data: unknown }).data).toEqual({ subscribed: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the owner replies in the back office; the browser shows the notification, which opens the essay at the reply', async () => {
    const owner = await openAsOwner(browser, server.url);
    try {
      const item = owner.page.getByTestId('recent-comments').locator('li').filter({ hasText: text });
      await item.getByRole('button', { name: '回复' }).click();
      const dialog = owner.page.getByRole('dialog');
      await dialog.getByRole('textbox').fill('谢谢，已收到');
      await dialog.getByRole('button', { name: '确定' }).click();
      await owner.page.getByText('已回复').waitFor();
    } finally {
      await owner.close();
    }
    // The server pushed, encrypted for the keys the browser subscribed with.
    await expect.poll(() => push.received.length, { timeout: 20_000 }).toBe(1);
    const { page } = visitor;
    const keys = await page.evaluate(
      () => (globalThis as unknown as { __e2ePushKeys: { d: string; auth: string } }).__e2ePushKeys,
    );
    const payload = decryptPush(keys, push.received[0]?.body ?? Buffer.alloc(0));
    const message = JSON.parse(payload) as { title: string; body: string; url: string };
    expect(message).toMatchObject({ title: '博主 回复了你的评论', body: '谢谢，已收到' });
    // Absolute on the site's address (SITE_URL, set for the mails of issue 43), as on a real site.
    expect(message.url).toMatch(new RegExp(`^${server.url}/chaos/${essayId}#comment-\\d+$`));

    // Delivered to the real service worker (/sw.js, web/src/sw/push.ts) as a push service would.
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL.startsWith(server.url) && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    // The registration has its active worker (a push to one still installing is dropped).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const registrationIdNow = await registrationId;
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: registrationIdNow,
        data: payload,
      });
    const [worker] = page.context().serviceWorkers();
    expect(worker).toBeDefined();
    const shown = async () =>
      (await worker?.evaluate(async () => {
        const self = globalThis as unknown as {
          registration: { getNotifications(): Promise<{ title: string; body: string; data: unknown }[]> };
        };
        return (await self.registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data,
        }));
      })) as ShownNotification[];
    expect(await shown()).toEqual([]);
    // As a push service does, the message is delivered again if the worker did not take it (one CI
    // run in about thirty saw none shown after one delivery); once shown, exactly one notification.
    for (let attempt = 0; attempt < 3 && (await shown()).length === 0; attempt += 1) {
      await deliver();
      await expect
        .poll(async () => (await shown()).length, { timeout: 5_000 })
        .toBeGreaterThan(0)
        .catch(() => undefined);
    }
    expect((await shown()).length).toBe(1);
    const [notification] = await shown();
    expect(notification).toMatchObject({
      title: message.title,
      body: message.body,
      data: { url: message.url },
    });

    // Its click opens data.url (notificationclick → clients.openWindow); a test cannot click a
    // system notification, so the page goes there itself.
    // openWindow is a fresh page load (a new tab), not a hash change in this one.
    await page.goto('about:blank');
    await page.goto(notification?.data.url ?? 'about:blank');
    const replyId = message.url.split('#comment-')[1];
    const reply = page.locator(`#comment-${replyId}`);
    await reply.waitFor();
    await expect.poll(() => reply.getAttribute('class')).toContain('comment-highlight');
    const box = await reply.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    expect(await reply.textContent()).toContain('谢谢，已收到');
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);

  it('pressing the bell again stops the replies to this browser', async () => {
    const { page } = visitor;
    const bell = page
      .getByTestId('comment')
      .filter({ hasText: text })
      .getByRole('button', { name: '回复提醒' });
    await expect.poll(() => bell.getAttribute('aria-pressed')).toBe('true');
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-pressed')).toBe('false');
    // The bell turns as it is pressed; the server hears of it a moment later (CI found it mid-way).
    const subscribed = async () => {
      const status = await fetch(
        `${server.url}/api/blog/comment/push/subscription?endpoint=${encodeURIComponent(`${push.base}/wp/${uuid}`)}`,
        { headers: { 'x-uuid': uuid } },
      );
      return ((await status.json()) as { data: unknown }).data;
    };
    await expect.poll(subscribed).toEqual({ subscribed: false });
  });

  // Issue 43, on this server since its owner set up mail above (the shared server sends none, and
  // an email channel once saved cannot be taken back there).
  it('a visitor subscribes by e-mail with the proof of work; the owner finds the pending address and removes it', async () => {
    const address = `reader-${Date.now().toString(36)}@example.com`;
    const reader = await openPage(browser, `${server.url}/chaos/${essayId}`);
    try {
      const { page } = reader;
      const form = page.getByTestId('subscribe-essay').locator('form');
      await page.getByTestId('subscribe-essay').scrollIntoViewIfNeeded();
      const email = form.getByRole('textbox', { name: '订阅邮箱' });
      // A wrong address: said under the form and in the spec's toast with its field line.
      await email.fill('not-an-address');
      await form.getByRole('button', { name: '订阅' }).click();
      await page.getByTestId('toast').filter({ hasText: '[email]: 邮箱格式不对' }).waitFor();
      expect(await form.locator('.subscribe-refusal').textContent()).toContain('邮箱格式不对');
      // The proof of work is solved in the page (ALTCHA), then the one sentence for every address.
      await email.fill(address);
      const sent = page.waitForRequest((req) => req.url().includes('/api/blog/newsletter/subscribe'));
      await form.getByRole('button', { name: '订阅' }).click();
      expect((await sent).postDataJSON()).toMatchObject({ email: address, proof: expect.any(String) });
      const done = page.getByTestId('subscribe-done');
      await done.waitFor();
      expect(await done.textContent()).toBe(
        '如果这个地址还没订阅，确认邮件马上就到；请在 48 小时内点开里面的链接。',
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(reader.errors).toEqual([]);
    } finally {
      await reader.close();
    }

    const owner = await openAsOwner(browser, server.url);
    try {
      await goInApp(owner.page, '/great-old-one/subscribers');
      await waitForPath(owner.page, '/great-old-one/subscribers');
      const admin = owner.page.locator('[data-page="/great-old-one/subscribers"]');
      await expect.poll(() => admin.getByTestId('subs-count-pending').textContent()).toBe('1');
      await admin.getByPlaceholder('搜索邮箱').fill(address);
      const row = admin.getByTestId('subs-table').locator('tbody tr', { hasText: address });
      await row.waitFor();
      expect(await row.textContent()).toContain('待确认');
      await row.getByRole('button', { name: '删除' }).click();
      await owner.page.getByRole('button', { name: '确定' }).click();
      await admin.getByText('没有符合条件的订阅者').waitFor();
      await expect.poll(() => admin.getByTestId('subs-count-pending').textContent()).toBe('0');
      expect(owner.errors).toEqual([]);
    } finally {
      await owner.close();
    }
  });
});
