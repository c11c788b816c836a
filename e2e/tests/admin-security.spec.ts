import path from 'node:path';
import Database from 'better-sqlite3';
import jsQR from 'jsqr';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, submitLogin } from '../support/owner.ts';
import { goInApp, openGate, openPage, waitForPath } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { keepShot } from '../support/shots.ts';

/** The otpauth secret read back from the QR code the page shows, as a phone's camera would. */
const secretFromQr = async (page: Page): Promise<string> => {
  const png = PNG.sync.read(await page.getByTestId('totp-qr').screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  const uri = new URL(found?.data ?? 'otpauth://none');
  return uri.searchParams.get('secret') ?? '';
};

/** The page in light and dark, for a person to look at (support/shots.ts: only when asked). */
const shoot = async (page: Page, name: string) => {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      (
        globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }
      ).document.documentElement.dataset.theme = t;
    }, theme);
    await keepShot(page, `${name}-${theme}`);
  }
  await page.evaluate(() => {
    (
      globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }
    ).document.documentElement.dataset.theme = 'light';
  });
};

/**
 * Passkeys and TOTP (issue 26.1–2) in Chromium with a virtual authenticator, on a server of its
 * own (the owner's login changes) at `localhost`: browsers refuse an IP address as passkey RP ID.
 */
describe('passkeys and the second factor in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let base = '';
  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        OWNER_USERNAME: E2E_OWNER.username,
        OWNER_PASSWORD: E2E_OWNER.password,
        SEED_DEMO: 'false',
      }),
    ]);
    base = server.url.replace('127.0.0.1', 'localhost');
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  /** Back to /contract after logging out: through the secret gate, as a returning owner does. */
  const backToContract = async (page: Page) => {
    await openGate(page);
    await goInApp(page, '/great-old-one/index');
    await page.getByTestId('contract-page').waitFor();
  };

  it('registers a passkey, logs in with it, sets TOTP up from the QR code and needs it at the next password login', async () => {
    const { page, errors, close } = await openPage(browser, `${base}/contract`, {
      viewport: { width: 390, height: 844 },
      record: { isExpiredGreatOldOne: true },
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
    await waitForPath(page, '/great-old-one/index');

    // A passkey, named, from the back office.
    await page.locator('input[name="passkey-name"]').fill('虚拟密钥');
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey').getByText('虚拟密钥').waitFor();

    // Out, and back in with the passkey alone.
    await page.getByTestId('logout').click();
    await waitForPath(page, '/chaos');
    await backToContract(page);
    await page.getByTestId('contract-passkey').click();
    await waitForPath(page, '/great-old-one/index');
    const current = page.getByTestId('sessions').locator('tr[data-current]');
    await expect(current.textContent()).resolves.toContain('通行密钥');

    // TOTP from the QR code.
    await page.getByTestId('totp-start').click();
    await page.getByTestId('totp-qr').waitFor();
    await shoot(page, 'security-totp-setup');
    const secret = await secretFromQr(page);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.locator('input[name="totp-code"]').fill(await generate({ secret }));
    await page.getByTestId('totp-enable').click();
    await page.getByTestId('recovery-codes').waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('code').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByTestId('recovery-codes-done').click();
    await page.getByTestId('totp-on').waitFor();
    await shoot(page, 'security');
    expect(await seriousViolations(page)).toEqual([]);

    // The password alone no longer logs in: the code is asked for; a recovery code works once.
    await page.getByTestId('logout').click();
    await waitForPath(page, '/chaos');
    await backToContract(page);
    await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
    await page.getByTestId('contract-totp').waitFor();
    await shoot(page, 'contract-totp');
    await page.locator('input[name="code"]').fill(codes[0] ?? '');
    await page.getByTestId('contract-totp-submit').click();
    await waitForPath(page, '/great-old-one/index');
    await expect(current.textContent()).resolves.toContain('密码 + 验证码');

    await page.getByTestId('logout').click();
    await waitForPath(page, '/chaos');
    await backToContract(page);
    await submitLogin(page, E2E_OWNER.username, E2E_OWNER.password);
    await page.locator('input[name="code"]').fill(codes[0] ?? '');
    await page.getByTestId('contract-totp-submit').click();
    await page.getByText('验证码错误').waitFor();

    // A session older than ten minutes: a security setting answers 4037, the one dialog asks for the
    // password, and the call goes through afterwards (turning TOTP off with a second recovery code).
    await page.getByRole('button', { name: '重新输入密码' }).click();
    await page.getByTestId('contract-passkey').click();
    await waitForPath(page, '/great-old-one/index');
    const db = new Database(path.join(server.dataDir, 'candy.sqlite'));
    try {
      db.prepare('UPDATE access_key SET authenticated_at = 0').run();
    } finally {
      db.close();
    }
    await page.locator('input[name="totp-code"]').fill(codes[1] ?? '');
    await page.getByTestId('totp-disable').click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    const dialog = page.getByTestId('fresh-login');
    await dialog.waitFor();
    await shoot(page, 'fresh-login');
    await dialog.locator('input[name="password"]').fill(E2E_OWNER.password);
    await page.getByTestId('fresh-login-submit').click();
    await page.getByTestId('totp-start').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });
});
