import type { Page } from 'playwright-core';

/** The owner the e2e server is started with (e2e/support/globalSetup.ts). */
export const E2E_OWNER = { username: 'e2e-owner', password: 'e2e-owner-password' } as const;

/** Fills and submits the /contract form. */
export const submitLogin = async (page: Page, username: string, password: string): Promise<void> => {
  await page.getByTestId('contract-page').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('contract-submit').click();
};
