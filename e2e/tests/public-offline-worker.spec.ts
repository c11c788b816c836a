import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, submitLogin } from '../support/owner.ts';
import { openPage, waitForApp, waitForPath } from '../support/pages.ts';

/**
 * Offline from the visitor's own device (issue 46.3): the service worker keeps what a visitor read,
 * so a reload with the network cut still opens it, and never the owner's pages or answers. On the
 * shared server: the network is cut for this browser context only.
 */

/** What page scripts see (the e2e project has no DOM types). */
interface WorkerWindow {
  caches: CacheStorage;
  navigator: Navigator;
}

/** The addresses kept in one of the worker's caches. */
const keptIn = (page: Page, cacheName: string): Promise<string[]> =>
  page.evaluate(async (name) => {
    const store = await (globalThis as unknown as WorkerWindow).caches.open(name);
    return (await store.keys()).map((request) => request.url);
  }, cacheName);

/** Every entry of every cache, with the Cache-Control its answer came with. */
const everythingKept = (page: Page) =>
  page.evaluate(async () => {
    const { caches } = globalThis as unknown as WorkerWindow;
    const all: { url: string; cacheControl: string }[] = [];
    for (const name of await caches.keys()) {
      const store = await caches.open(name);
      for (const request of await store.keys()) {
        const response = await store.match(request);
        all.push({ url: request.url, cacheControl: response?.headers.get('cache-control') ?? '' });
      }
    }
    return all;
  });

const firstLineOf = (content: string) => content.split('\n')[0]?.replace(/^#+\s*/, '') ?? '';

describe('the service worker keeps what a visitor read', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let essay: { id: number; content: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const res = (await (await fetch(`${baseUrl}/api/blog/essay`)).json()) as {
      data: { list: { id: number; content: string }[] };
    };
    // One whose first line shows as written (other specs on this server add essays with Markdown).
    essay = res.data.list.find((e) => /^[^*_`[\]<>!|~]+$/.test(firstLineOf(e.content))) as typeof essay;
  });
  afterAll(() => browser.close());

  it('with the network cut, the list and the essay read before still open; the back office never comes from the worker', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos/${essay.id}`, {
      serviceWorkers: 'allow',
      // Lets this visitor reach /contract later without the logo's gate.
      record: { isExpiredGreatOldOne: true },
    });
    try {
      const pages = async () => (await keptIn(page, 'candy-pages')).map((url) => new URL(url).pathname);
      // The page it arrived on loaded before the worker: the worker is asked to keep it as well.
      await expect.poll(pages, { timeout: 20_000 }).toContain(`/chaos/${essay.id}`);
      await page.goto(`${baseUrl}/chaos`);
      await waitForApp(page);
      await expect.poll(pages).toContain('/chaos');

      await page.context().setOffline(true);
      const list = await page.reload();
      expect(list?.fromServiceWorker()).toBe(true);
      await waitForApp(page);
      expect(await page.locator('.page[data-page="/chaos"]').textContent()).toContain(
        firstLineOf(essay.content),
      );
      const read = await page.goto(`${baseUrl}/chaos/${essay.id}`);
      expect(read?.fromServiceWorker()).toBe(true);
      await waitForApp(page);
      expect(await page.locator('.page[data-page="/chaos/:id"]').textContent()).toContain(
        firstLineOf(essay.content),
      );
      // A page never read gets the shell and its own code, which asks the mirrors (unreachable too).
      const unread = await page.goto(`${baseUrl}/about`);
      expect(unread?.fromServiceWorker()).toBe(true);
      await waitForApp(page);
      await expect
        .poll(() => page.locator('.page[data-page="/about"]').textContent())
        .toContain('离线数据加载失败');
      // The back office is the network's or nothing: offline, nothing.
      await expect(page.goto(`${baseUrl}/great-old-one/index`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

      // Online, the owner logs in and reads the list with their key: nothing of theirs is kept.
      await page.context().setOffline(false);
      const contract = await page.goto(`${baseUrl}/contract`);
      expect(contract?.fromServiceWorker()).toBe(false);
      await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
      await waitForPath(page, '/great-old-one/index');
      const backOffice = await page.reload();
      expect(backOffice?.fromServiceWorker()).toBe(false);
      await page.goto(`${baseUrl}/chaos`);
      await waitForApp(page);
      await page.getByTestId('essay').first().waitFor();
      const kept = await everythingKept(page);
      expect(kept.length).toBeGreaterThan(0);
      expect(
        kept.filter((entry) => /\/(great-old-one|contract)(\/|$)/.test(new URL(entry.url).pathname)),
      ).toEqual([]);
      expect(kept.filter((entry) => /no-store|private/.test(entry.cacheControl))).toEqual([]);
    } finally {
      await close();
    }
  }, 90_000);

  it('in offline mode, the mirror files read are kept without their stamp and read again with the network cut', async () => {
    // The server exports its snapshot (the mirror here) 15 s after its first start's demo content.
    await expect
      .poll(async () => (await fetch(`${baseUrl}/snapshot/blog/essay/index`)).status, { timeout: 60_000 })
      .toBe(200);
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`, {
      serviceWorkers: 'allow',
      record: { offlineMode: true },
    });
    try {
      await page.waitForFunction(
        () => (globalThis as unknown as WorkerWindow).navigator.serviceWorker.controller !== null,
      );
      // Read through the worker this time: the list from the mirror.
      await page.reload();
      await waitForApp(page);
      await page.getByTestId('essay').first().waitFor();
      await expect.poll(() => keptIn(page, 'candy-mirror')).toContain(`${baseUrl}/snapshot/blog/essay/index`);
      expect((await keptIn(page, 'candy-mirror')).filter((url) => url.includes('t='))).toEqual([]);

      await page.context().setOffline(true);
      await page.reload();
      await waitForApp(page);
      await page.getByTestId('essay').first().waitFor();
      expect(await page.getByTestId('essay').count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  }, 90_000);
});
