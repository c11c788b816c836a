import { deobfuscate } from '@candy/contract/obfuscation';
import type { Browser, Page } from 'playwright-core';
import { E2E_OWNER, loginByApi, sharedOwnerSession } from './ownerSession.ts';
import { goInApp, type OpenOptions, openPage, waitForPath } from './pages.ts';

export { E2E_OWNER };

/** Fills and submits the /contract form. */
export const submitLogin = async (page: Page, username: string, password: string): Promise<void> => {
  await page.getByTestId('contract-page').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('contract-submit').click();
};

/**
 * A fresh browser context holding the e2e owner's key, on the back office's home, then on `path` (a
 * back-office page by default) through the app's own navigation. The key is the worker's shared
 * session for this server (support/ownerSession.ts); `session: 'new'` logs in anew for a session of
 * this context's own. Specs of the login itself fill /contract (`submitLogin`). Other options are
 * `openPage`'s (viewport, hour, record).
 */
export const openAsOwner = async (
  browser: Browser,
  baseUrl: string,
  path = '/great-old-one/index',
  options: OpenOptions & { session?: 'shared' | 'new' } = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
  const { session = 'shared', ...openOptions } = options;
  const { accessKey, accessExp } =
    session === 'new' ? await loginByApi(baseUrl) : await sharedOwnerSession(baseUrl);
  const opened = await openPage(browser, `${baseUrl}/great-old-one/index`, {
    ...openOptions,
    record: { accessKey, accessExp, isExpiredGreatOldOne: false, ...openOptions.record },
  });
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
