import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';

describe('the toolbox index in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists the three tools with a line each and says files stay on the machine', async () => {
    const tab = await browser.newPage();
    await tab.goto(`${baseUrl}/utils`);
    await tab.getByTestId('tools').waitFor();
    expect(tab.url()).toBe(`${baseUrl}/utils/index`);
    const names = await tab.getByTestId('tools').locator('strong').allTextContents();
    expect(names).toEqual(['长截图拼接', '日志解密', '二维码识别']);
    const lines = await tab.getByTestId('tools').locator('span').allTextContents();
    expect(lines.every((line) => line.length > 10)).toBe(true);
    expect(await tab.getByTestId('privacy-note').textContent()).toContain('不会上传');
    await tab.getByRole('link', { name: /二维码识别/ }).click();
    await tab.waitForURL(`${baseUrl}/utils/qrcode-decode`);
    await tab.close();
  });
});
