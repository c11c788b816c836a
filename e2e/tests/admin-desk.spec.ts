import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';
import { pathOf, waitForPath } from '../support/pages.ts';

const desktop = { width: 1366, height: 860 };
const phone = { width: 390, height: 844 };
const source = '[data-testid="essay-source"] .cm-content';

const png = (): Buffer => {
  const image = new PNG({ width: 240, height: 160 });
  image.data.fill(200);
  return PNG.sync.write(image);
};

/** Replaces the editor's text, as typing after select-all would. */
const typeText = async (page: Page, text: string) => {
  await page.locator(source).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
};

/** Writes a new essay and saves it with Ctrl+S; answers its id. */
const saveNew = async (page: Page, text: string): Promise<number> => {
  await page.getByTestId('essay-new').click();
  await typeText(page, text);
  await page.keyboard.press('Control+s');
  await page.getByTestId('toast').getByText('已发表').last().waitFor();
  const title = await page.getByTestId('essay-editor').locator('strong').first().textContent();
  return Number(/#(\d+)/.exec(title ?? '')?.[1]);
};

describe('the writing desk (issue 24)', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36);
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('gives the text at least 60 % of the page at 1366×860, the preview beside it, the list folded', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/chaos', {
      viewport: desktop,
    });
    await page.locator(source).waitFor();
    const pageBox = await page.getByTestId('write-page').boundingBox();
    const textBox = await page
      .getByTestId('essay-editor')
      .locator('.essay-editor-source')
      .first()
      .boundingBox();
    const previewBox = await page.getByTestId('essay-preview').boundingBox();
    expect(textBox && pageBox && textBox.width / pageBox.width).toBeGreaterThanOrEqual(0.6);
    expect(previewBox && textBox && previewBox.x).toBeGreaterThan(
      (textBox?.x ?? 0) + (textBox?.width ?? 0) - 1,
    );
    expect(await page.getByTestId('essay-list').isVisible()).toBe(false);
    await page.getByTestId('essay-list-toggle').click();
    await page.getByTestId('essay-list').waitFor();
    // Open, the list covers the editor rather than squeezing it (issue 41.2)…
    const openTextBox = await page
      .getByTestId('essay-editor')
      .locator('.essay-editor-source')
      .first()
      .boundingBox();
    expect(openTextBox && pageBox && openTextBox.width / pageBox.width).toBeGreaterThanOrEqual(0.6);
    // …and a search and a pick close it.
    await page.getByTestId('essay-list').getByRole('searchbox').fill('代码');
    await page.getByTestId('essay-list').locator('.essay-list-item', { hasText: '代码' }).first().click();
    await page.getByTestId('essay-list').waitFor({ state: 'hidden' });
    // 收起列表 stays in reach above the drawer.
    await page.getByTestId('essay-list-toggle').click();
    await page.getByTestId('essay-list').waitFor();
    await page.getByTestId('essay-list-toggle').click();
    await page.getByTestId('essay-list').waitFor({ state: 'hidden' });
    await close();
  });

  it('on a phone the text takes the width, and the image button uploads with progress', async () => {
    const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/chaos', {
      viewport: phone,
    });
    await page.locator(source).waitFor();
    const pageBox = await page.getByTestId('write-page').boundingBox();
    const textBox = await page
      .getByTestId('essay-editor')
      .locator('.essay-editor-source')
      .first()
      .boundingBox();
    expect(textBox && pageBox && textBox.width / pageBox.width).toBeGreaterThanOrEqual(0.6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await typeText(page, `手机上插图 ${stamp}\n\n`);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByTestId('essay-image-button').click(),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles({ name: `phone-${stamp}.png`, mimeType: 'image/png', buffer: png() });
    await page.getByTestId('upload-list').getByRole('progressbar').waitFor();
    await page.getByTestId('upload-list').getByText(/完成/).waitFor();
    await page.locator(source).getByText(`![phone-${stamp}](/files/images/`).waitFor();
    await page.getByTestId('view-preview').click();
    await page.getByTestId('essay-preview').locator('img[src^="/files/images/"]').waitFor();
    await page.keyboard.press('Control+s');
    await page.getByTestId('toast').getByText('已发表').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('a draft typed in one browser follows the owner to another', async () => {
    const first = await openAsOwner(browser, baseUrl, '/great-old-one/chaos', { viewport: desktop });
    const id = await saveNew(first.page, `跨设备 ${stamp}`);
    await first.page.keyboard.type(`\n\n在另一台设备上接着写 ${stamp}`);
    await first.page.getByTestId('draft-state').getByText('草稿已同步到服务器').waitFor();

    const second = await openAsOwner(browser, baseUrl, '/great-old-one/chaos', { viewport: phone });
    await second.page.getByTestId('essay-list-toggle').click();
    await second.page.getByTestId('essay-list').getByText(`#${id}`).click();
    await second.page.getByTestId('draft-offer').waitFor();
    await second.page.getByTestId('draft-take').click();
    await second.page.locator(source).getByText(`在另一台设备上接着写 ${stamp}`).waitFor();
    await second.page.keyboard.press('Control+s');
    await second.page.getByTestId('toast').getByText('已保存').waitFor();
    await first.close();
    await second.close();
  });

  it('labels a scheduled essay 定时 / 已定时 with its time, never 发表', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/chaos', {
      viewport: desktop,
    });
    await typeText(page, `明年见 ${stamp}`);
    await page.getByTestId('essay-reservation').fill('2031-03-04T05:06');
    const save = page.getByTestId('essay-save');
    expect(await save.textContent()).toBe('定时 2031-03-04 05:06');
    await save.click();
    await page.getByTestId('toast').getByText('已定时 2031-03-04 05:06').waitFor();
    await page.getByTestId('essay-editor').getByText('已定时 2031-03-04 05:06').waitFor();
    expect(await page.getByTestId('toast').getByText('已发表').count()).toBe(0);
    await page.getByTestId('essay-list-toggle').click();
    const item = page.getByTestId('essay-list').locator('.essay-list-item', { hasText: `明年见 ${stamp}` });
    // Dated by its publish time, marked 定时.
    expect(await item.locator('.essay-list-meta').textContent()).toContain('2031-03-04 05:06');
    await item.getByText('定时 2031-03-04 05:06').waitFor();
    await close();
  });

  it('asks before a menu link leaves unsaved changes behind', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/chaos', {
      viewport: desktop,
    });
    await saveNew(page, `离开前问一句 ${stamp}`);
    await page.keyboard.type('，还没保存');
    const todo = page.locator('.admin-side').getByRole('link', { name: '待办' });
    await todo.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('有未保存的修改').waitFor();
    await dialog.getByRole('button', { name: '留下' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/great-old-one/chaos');
    await todo.click();
    await dialog.getByRole('button', { name: '离开' }).click();
    await waitForPath(page, '/great-old-one/mabinogion');
    await close();
  });

  it('shows a readable diff of an older version and restores it', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/chaos', {
      viewport: desktop,
    });
    await saveNew(page, `# 版本 ${stamp}\n\n今天天气很好。`);
    await typeText(page, `# 版本 ${stamp}\n\n今天天气不好。`);
    await page.keyboard.press('Control+s');
    await page.getByTestId('toast').getByText('已保存').waitFor();

    await page.getByTestId('view-history').click();
    const versions = page.getByTestId('revisions').locator('.rev-list button');
    await expect.poll(() => versions.count()).toBe(2);
    await versions.nth(1).click();
    const diff = page.getByTestId('revision-diff');
    await diff.locator('.rev-del del').first().waitFor();
    expect(await diff.locator('.rev-del del').allTextContents()).toEqual(['很']);
    expect(await diff.locator('.rev-add ins').allTextContents()).toEqual(['不']);

    await page.getByTestId('revision-restore').click();
    await page.getByRole('dialog').getByRole('button', { name: /确/ }).click();
    await page.getByTestId('toast').getByText('已恢复这个版本').waitFor();
    await expect.poll(() => versions.count()).toBe(3);
    await page.getByTestId('view-split').click();
    await page.locator(source).getByText('今天天气很好。').waitFor();
    await close();
  });
});
