import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { hanOutsideContent } from '../support/language.ts';
import { goInApp, openGate, openPage, waitForPath } from '../support/pages.ts';
import { fillPath, newestEssayId, publicPages } from '../support/publicPages.ts';
import { e2eDarkKey } from '../support/visitors.ts';

/**
 * In the reader's language (issue 44). An English browser gets English on the first byte; the
 * settings menu switches to 中文 and back in place, keeping the page and its scroll, and the choice
 * survives a reload — kept in local storage only, never a cookie (the footer promises none).
 */
describe('the interface in the reader’s language', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('renders the first byte in English for Accept-Language en-US, with hreflang alternates', async () => {
    const english = await (
      await fetch(`${baseUrl}/chaos`, { headers: { 'accept-language': 'en-US,en;q=0.9' } })
    ).text();
    expect(english).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    expect(english).toContain('<script id="i18n-data" type="application/json">{"language":"en"');
    expect(english).toContain('hreflang="zh-CN"');
    expect(english).toContain('>Essays<');
    const chinese = await (
      await fetch(`${baseUrl}/chaos`, { headers: { 'accept-language': 'zh-TW' } })
    ).text();
    expect(chinese).toMatch(/<html lang="zh-CN">/);
    // No cookie decides anything (the first part's `lang` cookie is gone); `?lang=` does.
    const cookie = await fetch(`${baseUrl}/chaos`, {
      headers: { 'accept-language': 'en-US', cookie: 'lang=zh-CN' },
    });
    expect(await cookie.text()).toMatch(/<html lang="en">/);
    expect(cookie.headers.get('vary')).not.toMatch(/cookie/i);
    const forced = await (
      await fetch(`${baseUrl}/chaos?lang=zh-CN`, { headers: { 'accept-language': 'en-US' } })
    ).text();
    expect(forced).toMatch(/<html lang="zh-CN">/);
  });

  it('answers an English caller’s refusal in English, a Chinese one’s as before', async () => {
    const en = await (
      await fetch(`${baseUrl}/api/blog/essay/999999`, { headers: { 'accept-language': 'en' } })
    ).json();
    expect(en.errorMsg).toMatch(/not found/i);
    expect(en.errorMsg).not.toMatch(/\p{Script=Han}/u);
    const zh = await (await fetch(`${baseUrl}/api/blog/essay/999999`)).json();
    expect(zh.errorMsg).toMatch(/\p{Script=Han}/u);
  });

  it('switches to 中文 and back in place, keeping the page and scroll, and remembers it', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    // React reports a hydration mismatch (or a recoverable error) on the console.
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|recoverable/i.test(message.text()))
        hydrationErrors.push(message.text());
    });
    await page.goto(`${baseUrl}/chaos`);
    await page.waitForSelector('html[data-ready]');
    await expect.poll(() => page.getByTestId('nav-chaos').textContent()).toBe('Essays');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    const settings = page.locator('.nav-settings');
    await settings.click();
    await page.getByTestId('language-zh-CN').click();
    await expect.poll(() => page.getByTestId('nav-chaos').textContent()).toBe('随笔');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(new URL(page.url()).pathname).toBe('/chaos');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    // The choice is in the storage record, and no cookie was written.
    expect(await context.cookies()).toEqual([]);

    // After a reload the stored choice wins though the browser still says en-US: the server renders
    // English (it has no cookie to know better), the client hydrates that, then switches in place.
    await page.reload();
    await page.waitForSelector('html[data-ready]');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(() => page.getByTestId('nav-chaos').textContent()).toBe('随笔');
    expect(new URL(page.url()).pathname).toBe('/chaos');
    expect(hydrationErrors).toEqual([]);

    await page.locator('.nav-settings').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.getByTestId('nav-chaos').textContent()).toBe('Essays');
    await context.close();
  });

  // A desktop by day, a phone at night: with a11y-axe.spec.ts (Chinese, a desktop at night and a
  // phone by day) axe sees every page at both sizes in both modes. That walk loads each page afresh
  // on the desktop; this one goes from page to page in the app, as a reader does (one load per
  // walk: issue 39), so the pages are also seen as the client draws them after a link.
  describe.each([
    ['desktop by day', { width: 1366, height: 860 }, 10],
    ['phone at night', { width: 390, height: 844 }, 2],
  ] as const)('in English on a %s', (_, viewport, hour) => {
    let essayId = 0;
    /** The walk's page (the secret gate opened), and one at 02:00 for dark-only pages by day. */
    const walkers = new Map<number, Awaited<ReturnType<typeof openPage>>>();
    const walkerAt = async (at: number) => {
      const known = walkers.get(at);
      if (known) return known.page;
      const opened = await openPage(browser, `${baseUrl}/chaos`, {
        viewport,
        locale: 'en-US',
        hour: at,
        record: { darkModeDecodeKey: e2eDarkKey },
      });
      await openGate(opened.page);
      walkers.set(at, opened);
      return opened.page;
    };
    beforeAll(async () => {
      essayId = await newestEssayId(baseUrl);
    });
    afterAll(() => Promise.all([...walkers.values()].map((walker) => walker.close())));

    it.each(publicPages.map((p) => [p.path, p] as const))(
      '%s: no Han text outside content, no serious axe violation',
      async (_, target) => {
        const path = fillPath(target.path, { essayId });
        // Dark-only pages at 02:00 (dark mode) with the decode key, so they show their content too.
        const page = await walkerAt(target.darkOnly ? 2 : hour);
        await goInApp(page, path);
        await waitForPath(page, path);
        // Pages visited before stay in the document, hidden: wait for this one's content on screen.
        await page.locator(target.ready).filter({ visible: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
        expect(await hanOutsideContent(page), path).toEqual([]);
        const violations = await seriousViolations(page);
        expect(violations, `axe on ${path}:\n${violations.join('\n')}`).toEqual([]);
      },
    );
  });
});
