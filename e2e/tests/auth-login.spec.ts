import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, submitLogin } from '../support/owner.ts';
import { goInApp, openGate, openPage, pathOf, waitForPath } from '../support/pages.ts';

describe('owner login at /contract', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a visitor with the gate closed is sent from /great-old-one/chaos past /contract to /', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/great-old-one/chaos`);
    await waitForPath(page, '/chaos');
    await close();
  });

  it('with the gate open, /great-old-one/chaos sends a visitor to /contract?redirect=…', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await openGate(page);
    await goInApp(page, '/great-old-one/chaos');
    await waitForPath(page, '/contract?redirect=%2Fgreat-old-one%2Fchaos');
    await page.getByTestId('contract-page').waitFor();
    await close();
  });

  it('logging in lands on the redirect target', async () => {
    const { page, errors, close } = await openPage(browser, `${baseUrl}/chaos`);
    await openGate(page);
    await goInApp(page, '/great-old-one/chaos');
    await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
    await waitForPath(page, '/great-old-one/chaos');
    expect(errors).toEqual([]);
    await close();
  });

  it('a wrong password shows the error toast and stays on /contract', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/contract`, {
      record: { isExpiredGreatOldOne: true },
    });
    await submitLogin(page, E2E_OWNER.username, 'not the password');
    await page.getByTestId('toast').filter({ hasText: '用户名或密码错误' }).waitFor();
    expect(pathOf(page)).toBe('/contract');
    await close();
  });

  it('without a redirect, logging in opens the back office with the security panel', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/contract`, {
      record: { isExpiredGreatOldOne: true },
    });
    await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
    await waitForPath(page, '/great-old-one/index');
    const current = page.getByTestId('sessions').locator('tr[data-current]');
    await current.waitFor();
    expect(await current.textContent()).toContain('当前');
    expect(await page.getByTestId('attempts').textContent()).toContain('成功');
    await close();
  });

  it('logging out ends the session and leaves the back office', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/contract`, {
      record: { isExpiredGreatOldOne: true },
    });
    await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
    await page.getByTestId('sessions').waitFor();
    await page.getByTestId('logout').click();
    await waitForPath(page, '/chaos');
    await goInApp(page, '/great-old-one/index');
    await waitForPath(page, '/chaos');
    await close();
  });
});
