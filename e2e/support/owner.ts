import { deobfuscate } from '@candy/contract/obfuscation';
import type { Browser, Page } from 'playwright-core';
import { goInApp, type OpenOptions, openPage, waitForPath } from './pages.ts';

/** The owner the e2e server is started with (e2e/support/globalSetup.ts). */
export const E2E_OWNER = { username: 'e2e-owner', password: 'e2e-owner-password' } as const;

/** Fills and submits the /contract form. */
export const submitLogin = async (page: Page, username: string, password: string): Promise<void> => {
  await page.getByTestId('contract-page').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('contract-submit').click();
};

/**
 * A fresh browser context logged in as the e2e owner through /contract, then on `path` (a
 * back-office page by default). Options are `openPage`'s (viewport, hour, record).
 */
export const openAsOwner = async (
  browser: Browser,
  baseUrl: string,
  path = '/great-old-one/index',
  options: OpenOptions = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
  const opened = await openPage(browser, `${baseUrl}/contract`, {
    ...options,
    record: { isExpiredGreatOldOne: true, ...options.record },
  });
  await submitLogin(opened.page, E2E_OWNER.username, E2E_OWNER.password);
  await waitForPath(opened.page, '/great-old-one/index');
  if (path !== '/great-old-one/index') {
    await goInApp(opened.page, path);
    await waitForPath(opened.page, path);
  }
  return opened;
};

/** The owner's access key, as the app stored it (obfuscated, spec §8) after logging in. */
export const accessKeyOf = async (page: Page): Promise<string> => {
  const raw = await page.evaluate(() =>
    (globalThis as unknown as { localStorage: Storage }).localStorage.getItem('storage'),
  );
  return (JSON.parse(deobfuscate(raw ?? '') ?? '{}') as { accessKey: string }).accessKey;
};

/** An owner API call with `accessKey` (read when called), answering the envelope. */
export const ownerCall =
  (baseUrl: string, accessKey: () => string) =>
  async (method: string, path: string, body?: object): Promise<{ code: number; data: unknown }> =>
    (
      await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: {
          'x-fingerprint': accessKey(),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json() as Promise<{ code: number; data: unknown }>;
