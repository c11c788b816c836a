import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * A full-page screenshot for a person to look at — nothing asserts on it — only when asked:
 * `E2E_SCREENSHOTS=<folder>`. Taken on every run they cost CPU and looked at by no one (issue 39).
 */
export const keepShot = async (page: Page, name: string): Promise<void> => {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};
