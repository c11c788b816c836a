import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';

const viewports = [
  [1366, 860],
  [390, 844],
] as const;

/** 待办 (issue 24): every to-do can be renamed, annotated and deleted, and a delete can be taken back. */
describe('the owner empties and edits the to-do list', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  const open = (width: number, height: number) =>
    openAsOwner(browser, baseUrl, '/great-old-one/mabinogion', { viewport: { width, height } });
  const todosOf = (page: Page) => page.locator('[data-page="/great-old-one/mabinogion"]');
  const add = async (page: Page, title: string) => {
    await todosOf(page).getByTestId('todo-input').fill(title);
    await todosOf(page).getByTestId('todo-add').click();
    await todosOf(page).getByTestId('todo-row').filter({ hasText: title }).waitFor();
  };
  const row = (page: Page, title: string) => todosOf(page).getByTestId('todo-row').filter({ hasText: title });
  const showAll = (page: Page) => todosOf(page).getByRole('tab', { name: '全部' }).click();

  it.each(viewports)(
    'at %i×%i a to-do is renamed and given notes, and both persist',
    async (width, height) => {
      const { page, close } = await open(width, height);
      const title = `改名前-${width}`;
      await add(page, title);
      await row(page, title).getByTestId('todo-edit').click();
      await page.getByTestId('todo-edit-title').fill(`改名后-${width}`);
      await page.getByTestId('todo-edit-notes').fill('两盒，要低糖');
      await page.getByTestId('todo-save').click();
      await row(page, `改名后-${width}`).getByTestId('todo-notes').waitFor();
      await page.reload();
      const saved = row(page, `改名后-${width}`);
      await saved.waitFor();
      expect(await saved.getByTestId('todo-notes').textContent()).toBe('两盒，要低糖');
      expect(await row(page, title).count()).toBe(0);
      await close();
    },
  );

  it.each(viewports)('at %i×%i deleting one names it, and 撤销 puts it back', async (width, height) => {
    const { page, close } = await open(width, height);
    const title = `删我-${width}`;
    await add(page, title);
    await row(page, title).getByTestId('todo-delete').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('.dialog-message').textContent()).toBe(`删除待办「${title}」？`);
    await dialog.getByRole('button', { name: '确定' }).click();
    await row(page, title).waitFor({ state: 'detached' });
    const toast = page.getByTestId('toast').filter({ hasText: `已删除待办「${title}」` });
    await toast.getByRole('button', { name: '撤销' }).click();
    await row(page, title).waitFor();
    await page.reload();
    await row(page, title).waitFor();
    await close();
  });

  it.each(viewports)(
    'at %i×%i 删除已完成 names what it deletes, empties the finished ones, and 撤销 puts them back',
    async (width, height) => {
      const { page, close } = await open(width, height);
      const titles = [`完成甲-${width}`, `完成乙-${width}`, `未完成-${width}`];
      for (const title of titles) await add(page, title);
      await showAll(page);
      // The box follows the server's answer, so each click is awaited by its row's state.
      for (const title of titles.slice(0, 2)) {
        await row(page, title).getByTestId('todo-check').click();
        await expect.poll(() => row(page, title).getAttribute('data-done')).toBe('true');
      }
      await todosOf(page).getByTestId('todo-clear-done').click();
      const message = (await page.getByRole('dialog').locator('.dialog-message').textContent()) ?? '';
      expect(message).toMatch(/^删除 \d+ 条已完成的待办 /);
      for (const title of titles.slice(0, 2)) expect(message).toContain(`「${title}」`);
      await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
      await row(page, titles[0] as string).waitFor({ state: 'detached' });
      expect(await row(page, titles[1] as string).count()).toBe(0);
      expect(await row(page, titles[2] as string).count()).toBe(1);
      // Nothing finished is left: the button is disabled and says why.
      const clear = todosOf(page).getByTestId('todo-clear-done');
      expect(await clear.isDisabled()).toBe(true);
      expect(await clear.getAttribute('title')).toBe('还没有已完成的待办');

      await page.getByTestId('toast').getByRole('button', { name: '撤销' }).click();
      await row(page, titles[0] as string).waitFor();
      await page.reload();
      await showAll(page);
      for (const title of titles) await row(page, title).waitFor();
      expect(await row(page, titles[0] as string).getAttribute('data-done')).toBe('true');
      // Emptied again for good, so that the next run's question lists its own.
      await todosOf(page).getByTestId('todo-clear-done').click();
      await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
      await row(page, titles[0] as string).waitFor({ state: 'detached' });
      await close();
    },
  );
});
