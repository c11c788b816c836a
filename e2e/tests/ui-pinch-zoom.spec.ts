import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { waitForApp } from '../support/pages.ts';

/**
 * Pinch zoom in the image viewer follows the fingers (issue 23, spec §2): spreading two fingers to
 * three times their distance shows the picture three times as large, about the fingers' midpoint.
 * The touches are real ones, sent through the DevTools protocol as a phone's screen would send them.
 */

type Finger = { x: number; y: number };

const touch = (cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', fingers: Finger[]) =>
  cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: fingers.map((f, id) => ({ x: f.x, y: f.y, id, radiusX: 1, radiusY: 1, force: 1 })),
  });

/** The viewer picture's displayed box. */
const imageBox = async (page: Page) => {
  const box = await page.getByTestId('image-viewer-img').boundingBox();
  if (!box) throw new Error('no picture in the viewer');
  return box;
};

describe('pinch zoom in the image viewer', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a ×3 spread gives a ×3 picture, centred where the fingers are', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    const picture = page.locator('img[aria-label^="查看图片"]').first();
    await picture.scrollIntoViewIfNeeded();
    await picture.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('image-viewer-img').waitFor();
    await expect.poll(async () => (await imageBox(page)).width).toBeGreaterThan(0);
    const before = await imageBox(page);
    const centre = { x: before.x + before.width / 2, y: before.y + before.height / 2 };

    const cdp = await context.newCDPSession(page);
    const fingers = (half: number): Finger[] => [
      { x: centre.x - half, y: centre.y },
      { x: centre.x + half, y: centre.y },
    ];
    await touch(cdp, 'touchStart', fingers(30));
    // Both fingers move at every step, as they do on a screen.
    for (let half = 35; half <= 90; half += 5) await touch(cdp, 'touchMove', fingers(half));
    await touch(cdp, 'touchEnd', []);

    await expect.poll(async () => (await imageBox(page)).width / before.width).toBeCloseTo(3, 1);
    const after = await imageBox(page);
    expect(after.height / before.height).toBeCloseTo(3, 1);
    // The point between the fingers stayed put: the picture grew about it.
    expect(after.x + after.width / 2).toBeCloseTo(centre.x, 0);
    expect(after.y + after.height / 2).toBeCloseTo(centre.y, 0);
    // A pinch is no tap: the viewer is still open.
    expect(await page.getByTestId('image-viewer').count()).toBe(1);
    await context.close();
  });
});
