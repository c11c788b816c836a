import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, submitLogin } from '../support/owner.ts';
import { goInApp, openGate, waitForApp, waitForPath } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/** Keys of this server live 6 seconds, so expiry happens during the test (real clocks). */
const TTL_MS = 6000;

describe('an expired access key', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        ACCESS_KEY_TTL: String(TTL_MS),
        OWNER_USERNAME: E2E_OWNER.username,
        OWNER_PASSWORD: E2E_OWNER.password,
        SEED_DEMO: 'false',
      }),
    ]);
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  /** Logs in on a fresh context (real clock: no pinned time) and lands on the back office. */
  const loggedIn = async (): Promise<{ page: Page; close: () => Promise<void> }> => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/chaos`);
    await waitForApp(page);
    // Open /contract the way a returning owner finds it: through the secret gate.
    await openGate(page);
    await goInApp(page, '/great-old-one/index');
    await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
    await waitForPath(page, '/great-old-one/index');
    await page.getByTestId('sessions').waitFor();
    return { page, close: () => context.close() };
  };

  it('on the next start of the app, sends the owner back to /contract, which stays reachable', async () => {
    const { page, close } = await loggedIn();
    await page.waitForTimeout(TTL_MS + 500);
    await page.reload();
    await waitForPath(page, '/contract?redirect=%2Fgreat-old-one%2Findex');
    await page.getByTestId('contract-page').waitFor();
    await close();
  });

  it('running out while the app stays open, sends the owner to /contract at the next navigation', async () => {
    const { page, close } = await loggedIn();
    // A reload closes the gate again; the key is still live, so the back office stays open.
    await page.reload();
    await page.getByTestId('sessions').waitFor();
    await page.waitForTimeout(TTL_MS + 500);
    await goInApp(page, '/great-old-one/chaos');
    await waitForPath(page, '/contract?redirect=%2Fgreat-old-one%2Fchaos');
    await page.getByTestId('contract-page').waitFor();
    await close();
  });

  it('refused by the server (4010) while in the back office, sends the owner back to /contract', async () => {
    const { page, close } = await loggedIn();
    await page.waitForTimeout(TTL_MS + 500);
    await page.getByTestId('security-reload').click();
    await waitForPath(page, '/contract?redirect=%2Fgreat-old-one%2Findex');
    await page.getByTestId('contract-page').waitFor();
    // And the owner can log in again from there, landing where they were.
    await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
    await waitForPath(page, '/great-old-one/index');
    await close();
  });
});
