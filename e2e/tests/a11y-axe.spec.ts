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

const walks: [keyof typeof themes, keyof typeof viewports][] = [
  ['dark', 'desktop'],
  ['light', 'phone'],
];

describe.each(walks)('axe-core, %s mode on a %s', (theme, viewport) => {
  let browser: Browser;
  let essayId = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    essayId = await newestEssayId(baseUrl);
  });
  afterAll(() => browser.close());

  const pages = publicPages.filter((p) => theme === 'dark' || !p.darkOnly);
  const cases = pages.map((page): [string, PublicPage] => [page.path, page]);

  it.each(cases)('%s: no critical or serious violation', async (_, target) => {
    const path = fillPath(target.path, { essayId });
    const { page, close } = await openPage(browser, `${baseUrl}${target.gate ? '/chaos' : path}`, {
      viewport: viewports[viewport],
      hour: themes[theme],
      record: { darkModeDecodeKey: e2eDarkKey },
    });
    try {
      if (target.gate) {
        await openGate(page);
        await goInApp(page, path);
        await waitForPath(page, path);
      }
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      await page.locator(target.ready).first().waitFor();
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
