import type { Page } from 'playwright-core';

/** The owner the e2e server is started with (e2e/support/globalSetup.ts). */
export const E2E_OWNER = { username: 'e2e-owner', password: 'e2e-owner-password' } as const;

/** What page scripts see (the e2e project has no DOM types). */
interface PageWindow {
  history: { pushState(state: unknown, title: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string) => unknown;
}

/** Client-side navigation, as a link would do it: state in memory (the open gate) survives. */
export const goInApp = (page: Page, path: string): Promise<void> =>
  page.evaluate((to) => {
    const win = globalThis as unknown as PageWindow;
    win.history.pushState(null, '', to);
    win.dispatchEvent(new win.PopStateEvent('popstate'));
  }, path);

/** Fills and submits the /contract form. */
export const submitLogin = async (page: Page, username: string, password: string): Promise<void> => {
  await page.getByTestId('contract-page').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('contract-submit').click();
};

/** Waits until the page's path (and query) is the expected one. */
export const waitForPath = (page: Page, expected: string): Promise<unknown> =>
  page.waitForURL((url) => url.pathname + url.search === expected, { timeout: 10_000 });
