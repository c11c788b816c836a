import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openPage } from '../support/pages.ts';
import { e2eDarkKey } from '../support/visitors.ts';

/** Readable everywhere (issue 23): lost friends struck through, the heatmap on its latest weeks. */
describe('readable pages in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("strikes through the footer's friend links that lost contact (state 2), and only those", async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/about`);
    const links = page.getByTestId('friend-links').locator('a');
    await links.first().waitFor();
    const decorations = await links.evaluateAll((all) =>
      all.map((a) => ({
        lost: a.classList.contains('friend-link-2'),
        line: getComputedStyle(a).textDecorationLine,
      })),
    );
    expect(decorations.some((d) => d.lost)).toBe(true);
    for (const d of decorations) expect(d.line.includes('line-through')).toBe(d.lost);
    await close();
  });

  it('opens the moments heatmap on its latest weeks on a phone, month labels apart', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/moments`, {
      viewport: { width: 390, height: 844 },
      record: { darkModeDecodeKey: e2eDarkKey },
    });
    const heatmap = page.getByTestId('moments-heatmap');
    await heatmap.locator('svg').waitFor();
    // Wider than the phone, and shown at its right end: the chart's right edge is the box's.
    const scroll = await page.locator('.moments-heatmap-scroll').evaluate((el) => ({
      overflow: el.scrollWidth - el.clientWidth,
      boxRight: el.getBoundingClientRect().right,
      chartRight: (el.querySelector('svg') as unknown as Element).getBoundingClientRect().right,
    }));
    expect(scroll.overflow).toBeGreaterThan(0);
    expect(Math.abs(scroll.chartRight - scroll.boxRight)).toBeLessThanOrEqual(1);

    const boxes = await heatmap.locator('text').evaluateAll((texts) =>
      texts
        .filter((t) => t.textContent?.endsWith('月'))
        .map((t) => {
          const r = t.getBoundingClientRect();
          return { label: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(12);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (!a || !b) continue;
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap, `${a.label} and ${b.label} overlap`).toBe(false);
      }
    await close();
  });

  it("words the browser's own check of the /contract form in Chinese", async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/contract`, {
      record: { isExpiredGreatOldOne: true, usernameCache: '' },
    });
    await page.getByTestId('contract-submit').click();
    const message = (name: string) =>
      page
        .locator(`input[name="${name}"]`)
        .evaluate((input) => (input as HTMLInputElement).validationMessage);
    expect(await message('username')).toBe('请填写用户名');
    await page.locator('input[name="username"]').fill('someone');
    expect(await message('username')).toBe('');
    await page.getByTestId('contract-submit').click();
    expect(await message('password')).toBe('请填写密码');
    await close();
  });
});
