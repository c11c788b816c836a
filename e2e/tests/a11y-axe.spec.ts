import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER } from '../support/owner.ts';
import { goInApp, openGate, openPage, waitForPath } from '../support/pages.ts';
import { fillPath, newestEssayId, type PublicPage, publicPages } from '../support/publicPages.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { e2eDarkKey } from '../support/visitors.ts';

/**
 * axe-core on every public page (issue 23): no critical and no serious violation. Dark mode is the
 * automatic one (a page that believes it is 02:00), with the decode key stored, so the dark-only
 * content (waifu, moments) is there too. A server of its own (demo content only, nothing else
 * writes to it). Here in Chinese on a desktop at night and a phone by day; the English walk
 * (public-language.spec.ts) takes a desktop by day and a phone at night, so every page is checked
 * at both sizes in both modes — in one language each: axe's rules read structure, names and
 * colours, which the language does not change (issue 39: each walk is ≈ 2 minutes of the suite).
 */

let server: RunningServer;
let baseUrl = '';
beforeAll(async () => {
  server = await startServer({
    DARK_KEY: e2eDarkKey,
    OWNER_USERNAME: E2E_OWNER.username,
    OWNER_PASSWORD: E2E_OWNER.password,
  });
  baseUrl = server.url;
}, 120_000);
afterAll(async () => {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

const viewports = {
  desktop: { width: 1366, height: 860 },
  phone: { width: 390, height: 844 },
} as const;
const themes = { light: 10, dark: 2 } as const;

/**
 * The desktop walk loads each page afresh (server render, then hydration); the phone's goes from
 * page to page in the app after one load, as a reader does — every page is seen both ways, and one
 * load instead of twelve (issue 39).
 */
const walks: [keyof typeof themes, keyof typeof viewports, 'fresh loads' | 'in the app'][] = [
  ['dark', 'desktop', 'fresh loads'],
  ['light', 'phone', 'in the app'],
];

describe.each(walks)('axe-core, %s mode on a %s, %s', (theme, viewport, how) => {
  let browser: Browser;
  let essayId = 0;
  /** The in-app walk's page, its secret gate open. */
  let walker: Awaited<ReturnType<typeof openPage>> | undefined;
  const options = () => ({
    viewport: viewports[viewport],
    hour: themes[theme],
    record: { darkModeDecodeKey: e2eDarkKey },
  });
  beforeAll(async () => {
    browser = await launchBrowser();
    essayId = await newestEssayId(baseUrl);
    if (how === 'in the app') {
      walker = await openPage(browser, `${baseUrl}/chaos`, options());
      await openGate(walker.page);
    }
  });
  afterAll(async () => {
    await walker?.close();
    await browser.close();
  });

  const pages = publicPages.filter((p) => theme === 'dark' || !p.darkOnly);
  const cases = pages.map((page): [string, PublicPage] => [page.path, page]);

  /** The page showing `target`: a fresh one, or the walk's after a navigation in the app. */
  const show = async (path: string, target: PublicPage) => {
    if (walker) {
      await goInApp(walker.page, path);
      await waitForPath(walker.page, path);
      return { page: walker.page, close: async () => undefined };
    }
    const opened = await openPage(browser, `${baseUrl}${target.gate ? '/chaos' : path}`, options());
    if (target.gate) {
      await openGate(opened.page);
      await goInApp(opened.page, path);
      await waitForPath(opened.page, path);
    }
    return opened;
  };

  it.each(cases)('%s: no critical or serious violation', async (_, target) => {
    const path = fillPath(target.path, { essayId });
    const { page, close } = await show(path, target);
    try {
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      // Pages visited before stay in the document, hidden: wait for this one's content on screen.
      await page.locator(target.ready).filter({ visible: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Colours ease over 0.2 s when the theme changes (theme.css): measure the settled ones.
      await page.waitForTimeout(400);
      const violations = await seriousViolations(page);
      expect(violations, `axe on ${path} (${theme}, ${viewport}):\n${violations.join('\n')}`).toEqual([]);
    } finally {
      await close();
    }
  });
});
