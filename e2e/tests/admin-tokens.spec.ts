import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';
import { keepShot } from '../support/shots.ts';

/** API tokens (issue 26.4): one made on a phone-sized page, used by a script, then revoked. */
describe('the API token page in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /** What a script would do: the token in `Authorization`, nothing else. */
  const script = async (method: string, path: string, secret: string, body?: object) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return ((await res.json()) as { code: number }).code;
  };

  it('creates a module-limited token, shows it once, a script uses it within its scope, and revoking ends it', async () => {
    const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/tokens', {
      viewport: { width: 390, height: 844 },
    });
    await page.getByText('还没有令牌').waitFor();
    await keepShot(page, 'empty-light');
    await page.getByTestId('token-add').click();
    await page.getByTestId('token-name').fill('待办同步脚本');
    await page.getByLabel('按模块写入').check();
    await page.getByLabel('待办').check();
    await page.getByTestId('token-expiry').selectOption('30');
    await keepShot(page, 'form-light');
    await page.getByTestId('token-save').click();

    const panel = page.getByTestId('token-secret-panel');
    await panel.waitFor();
    await panel.getByText('唯一一次显示').waitFor();
    const secret = (await panel.getByTestId('token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^cj_[A-Za-z0-9_-]{43}$/);
    await keepShot(page, 'created-light');

    // Reads anywhere; writes to-dos (the empty body is refused by validation, not by scope);
    // nothing else, and never the token settings themselves.
    expect(await script('GET', '/system', secret)).toBe(0);
    expect(await script('PUT', '/todolist/realtodo', secret, {})).toBe(4000);
    expect(await script('POST', '/blog/essay', secret, { content: '不该发出' })).toBe(4030);
    expect(await script('GET', '/user/token', secret)).toBe(4030);

    await page.getByTestId('token-secret-done').click();
    await expect(panel.count()).resolves.toBe(0);
    const card = page.getByTestId('token-card').filter({ hasText: '待办同步脚本' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('写入：待办');
    expect(await card.textContent()).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);

    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);

    await card.getByTestId('token-revoke').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确定|确认|撤销/ })
      .click();
    await card.getByText('已撤销').waitFor();
    expect(await script('GET', '/system', secret)).toBe(4010);
    await keepShot(page, 'revoked-light');
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['light', 10],
    ['dark', 2],
  ])(
    'the list and the form open in %s mode at 390×844 without a serious axe violation',
    async (mode, hour) => {
      const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/tokens', {
        viewport: { width: 390, height: 844 },
        hour,
      });
      await page.getByTestId('token-card').first().waitFor();
      await keepShot(page, `list-${mode}`);
      await page.getByTestId('token-add').click();
      await page.getByLabel('按模块写入').check();
      await page.getByTestId('token-save').click();
      await page.getByText('至少选一个模块').waitFor();
      await keepShot(page, `form-${mode}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    },
  );

  /**
   * Issue 42: a fediverse app sends the owner to `/oauth/authorize`; on 授权应用 the owner refuses
   * once (light) and approves once (dark), each page passing axe at 390×844; the approved app then
   * stands on this page beside the tokens, and revoking it there logs the app out.
   */
  it('a fediverse app is refused and approved on 授权应用 (axe light and dark), listed here, and revoked', async () => {
    const callback = 'http://127.0.0.1:9/callback';
    const registered = await fetch(`${baseUrl}/api/v1/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Phanpy 测试', redirect_uris: callback, scopes: 'read write' }),
    });
    const app = (await registered.json()) as { client_id: string; client_secret: string };
    const verifier = 'v'.repeat(50);
    const challenge = await crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(verifier))
      .then((d) => Buffer.from(d).toString('base64url'));
    const authorize = `${baseUrl}/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: app.client_id,
      redirect_uri: callback,
      scope: 'read write',
      state: 'e2e',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`;
    /** Opens the approval page as the owner, answers, and answers where the browser was sent back. */
    const answer = async (mode: string, hour: number, button: 'oauth-approve' | 'oauth-refuse') => {
      const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/index', {
        viewport: { width: 390, height: 844 },
        hour,
      });
      let back = '';
      await page.route('http://127.0.0.1:9/**', async (route) => {
        back = route.request().url();
        await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back in the app' });
      });
      await page.goto(authorize);
      await page.getByText('「Phanpy 测试」想以你的身份使用本站').waitFor();
      await keepShot(page, `authorize-${mode}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId(button).click();
      await page.waitForURL((url) => url.href.startsWith(callback));
      expect(errors).toEqual([]);
      await close();
      return new URL(back).searchParams;
    };
    const refused = await answer('light', 10, 'oauth-refuse');
    expect([refused.get('error'), refused.get('state')]).toEqual(['access_denied', 'e2e']);
    const approved = await answer('dark', 2, 'oauth-approve');
    expect(approved.get('state')).toBe('e2e');
    const token = (await (
      await fetch(`${baseUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: app.client_id,
          redirect_uri: callback,
          code: approved.get('code') ?? '',
          code_verifier: verifier,
        }),
      })
    ).json()) as { access_token: string };
    const me = () =>
      fetch(`${baseUrl}/api/v1/accounts/verify_credentials`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      }).then((res) => res.status);
    expect(await me()).toBe(200);

    const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/tokens', {
      viewport: { width: 390, height: 844 },
    });
    const card = page.getByTestId('app-card').filter({ hasText: 'Phanpy 测试' });
    await card.getByText('已授权').waitFor();
    await expect(card.textContent()).resolves.toContain('发布、修改、删除动态和随笔');
    await keepShot(page, 'apps-light');
    await card.getByTestId('app-revoke').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确定|确认|撤销/ })
      .click();
    await card.getByText('已撤销').waitFor();
    expect(await me()).toBe(401);
    expect(errors).toEqual([]);
    await close();
  });
});
