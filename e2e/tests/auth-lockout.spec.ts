import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, submitLogin } from '../support/owner.ts';
import { openPage, waitForPath } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const ATTACKER = '10.66.0.1';

/**
 * Issue 40.4 in Chromium: after another address has failed many times, the owner's password login
 * is asked for a proof of work (4038); the login page solves it by itself and gets in, and the
 * security panel shows the failures. A server of its own that trusts `X-Forwarded-For`, so the
 * guesser can come from another address than the browser (127.0.0.1).
 */
describe('an owner nobody can lock out, in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        OWNER_USERNAME: E2E_OWNER.username,
        OWNER_PASSWORD: E2E_OWNER.password,
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
      }),
    ]);
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  /** One wrong password from `ip`, sealed as the web client seals it; answers the envelope's code. */
  const guess = async (ip: string, i: number): Promise<number> => {
    const headers = { 'x-forwarded-for': ip, 'x-uuid': `guesser-${i}`, 'content-type': 'application/json' };
    const knock = await fetch(`${server.url}/api/user/knock`, { method: 'POST', headers, body: '{}' });
    const { publicKey } = ((await knock.json()) as { data: { publicKey: string } }).data;
    const password = publicEncrypt(
      {
        key: createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }),
        padding: constants.RSA_PKCS1_OAEP_PADDING,
        oaepHash: 'sha256',
      },
      Buffer.from(`guess ${i}`),
    ).toString('base64');
    const res = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: E2E_OWNER.username, password }),
    });
    return ((await res.json()) as { code: number }).code;
  };

  const logIn = async () => {
    const opened = await openPage(browser, `${server.url}/contract`, {
      record: { isExpiredGreatOldOne: true },
    });
    await submitLogin(opened.page, E2E_OWNER.username, E2E_OWNER.password);
    return opened;
  };

  it('shows no failures while there are none', async () => {
    const { page, errors, close } = await logIn();
    await waitForPath(page, '/great-old-one/index');
    const failures = page.getByTestId('login-failures');
    await failures.filter({ hasText: '最近 7 天没有失败的登录' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('after 30 wrong passwords from another address, the login page solves the proof and gets in', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push(await guess(ATTACKER, i));
    // Three checked, then the guesser (who solves nothing) is asked for a proof every time.
    expect(codes.slice(0, 3)).toEqual([4010, 4010, 4010]);
    expect(new Set(codes.slice(3))).toEqual(new Set([4038]));

    const { page, errors, close } = await logIn();
    // The page says what it is doing while the widget works, then goes in.
    await page.getByTestId('contract-proof').waitFor();
    await waitForPath(page, '/great-old-one/index');
    const failures = page.getByTestId('login-failures');
    await failures.locator('tr', { hasText: ATTACKER }).waitFor();
    const row = await failures.locator('tr', { hasText: ATTACKER }).textContent();
    expect(row).toContain('密码');
    expect(row).toContain('3');
    expect(row).toContain('27');
    await page.getByTestId('login-failures-proof').waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
