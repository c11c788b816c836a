import { proofFrom } from '@candy/server/test/powSolver.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openPage } from '../support/pages.ts';

/** Everything a payload could try; each one would set `pwned` if it ran. */
const PAYLOAD = [
  '<script>window.pwned = "script"</script>',
  '<img src="x" onerror="window.pwned = \'img\'">',
  '<svg onload="window.pwned = \'svg\'"></svg>',
  '[link](javascript:window.pwned=1)',
  '<iframe srcdoc="<script>parent.pwned = 1</script>"></iframe>',
].join('\n');

interface PageWindow {
  pwned?: unknown;
  violations?: string[];
  document: {
    addEventListener(type: string, listener: (e: { violatedDirective: string }) => void): void;
    createElement(tag: string): { textContent: string; setAttribute(k: string, v: string): void };
    body: { appendChild(node: unknown): void; insertAdjacentHTML(where: string, html: string): void };
  };
}

const postComment = async (baseUrl: string, targetId: number): Promise<void> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await fetch(`${baseUrl}/api/blog/comment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-uuid': 'e2e-csp-device' },
      body: JSON.stringify({
        targetType: 'essay',
        targetId,
        content: PAYLOAD,
        guestName: '<b onmouseover=alert(1)>x</b>',
        proof: await proofFrom(baseUrl),
      }),
    });
    const body = (await res.json()) as { code: number };
    if (body.code === 0) return;
    // Another spec may have just commented from this IP: wait out the rate limit once.
    const wait = Number(res.headers.get('retry-after') ?? 0);
    if (body.code !== 4290) throw new Error(`comment refused: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, (wait + 1) * 1000));
  }
};

describe('script payloads under the Content-Security-Policy', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a comment holding script payloads runs nothing', async () => {
    const essays = (await (await fetch(`${baseUrl}/api/blog/essay`)).json()) as {
      data: { list: { id: number }[] };
    };
    const target = essays.data.list[0]?.id;
    expect(target).toBeDefined();
    await postComment(baseUrl, target as number);

    const { page, errors, close } = await openPage(browser, `${baseUrl}/chaos`);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const essay = page.locator(`[data-essay-id="${target}"]`);
    await essay.getByRole('button', { name: '评论' }).click();
    await essay.getByTestId('comment').filter({ hasText: 'window.pwned' }).first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('the policy itself blocks inline scripts and handlers, even if one reached the page', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    const csp = (await page.goto(`${baseUrl}/chaos`))?.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toBe("script-src 'self' 'wasm-unsafe-eval'");
    const result = await page.evaluate(async () => {
      const win = globalThis as unknown as PageWindow;
      win.violations = [];
      win.document.addEventListener('securitypolicyviolation', (e) =>
        win.violations?.push(e.violatedDirective),
      );
      // What a sanitiser bug would let through: an inline script element and an inline handler.
      const script = win.document.createElement('script');
      script.textContent = 'window.pwned = "inline"';
      win.document.body.appendChild(script);
      win.document.body.insertAdjacentHTML(
        'beforeend',
        '<img src="/nope.png" onerror="window.pwned = \'handler\'">',
      );
      await new Promise((r) => setTimeout(r, 500));
      return { pwned: win.pwned, violations: win.violations };
    });
    expect(result.pwned).toBeUndefined();
    expect(result.violations.length).toBeGreaterThanOrEqual(2);
    expect(result.violations.every((d: string) => d.startsWith('script-src'))).toBe(true);
    await close();
  });

  it('the built app itself runs under the policy without a single violation', async () => {
    const { page, errors, close } = await openPage(browser, `${baseUrl}/chaos`);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.reload();
    await page.getByTestId('essay').first().waitFor();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
