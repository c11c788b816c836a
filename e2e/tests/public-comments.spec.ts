import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { commentWith, postSlots } from '../support/comments.ts';
import { waitForApp } from '../support/pages.ts';
import { openVisitor } from '../support/visitors.ts';

/**
 * Comments on the about page, written through the page. The server allows one comment per 10 s per
 * IP (all of this comes from 127.0.0.1), so each post waits for its slot.
 */
describe('comments in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  const uuid = crypto.randomUUID();
  const stamp = Date.now().toString(36);
  let visitor: { context: BrowserContext; page: Page; errors: string[] };

  const waitForPostSlot = postSlots();

  const post = async (page: Page, text: string, emote?: string) => {
    const form = page.locator('.comments > .comment-form');
    await form.getByRole('textbox', { name: '说点什么吧' }).fill(text);
    if (emote) {
      await form.getByRole('button', { name: '😀 表情' }).click();
      await form.getByRole('button', { name: emote, exact: true }).click();
    }
    await waitForPostSlot();
    await form.getByRole('button', { name: '发表' }).click();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await openVisitor(browser, { uuid, guestName: 'E2E 访客' });
    await visitor.page.goto(`${baseUrl}/about`);
    await waitForApp(visitor.page);
    // The comments are there (not a seeded one by its text: other specs post here too, and the
    // oldest comments move to the next page).
    await visitor.page.getByTestId('comment').first().waitFor();
  });
  afterAll(() => browser.close());

  it('posts a comment with an emote and shows it, signed with the stored guest name', async () => {
    const { page } = visitor;
    const text = `来自 e2e 的问候 ${stamp}`;
    await post(page, text, '[doge]');
    const comment = commentWith(page, text);
    await comment.waitFor();
    expect(await comment.locator('.emote-text[title="[doge]"]').textContent()).toBe('🐶');
    expect(await comment.locator('.comment-name').textContent()).toBe('E2E 访客');
    // It is stored, not only shown: a reload finds it.
    await page.reload();
    await commentWith(page, text).waitFor();
  });

  it('edits its own comment', async () => {
    const { page } = visitor;
    const id = await commentWith(page, `来自 e2e 的问候 ${stamp}`).getAttribute('data-comment-id');
    const comment = page.locator(`[data-comment-id="${id}"]`);
    await comment.getByRole('button', { name: '编辑' }).click();
    await comment.getByRole('textbox').fill(`改过的问候 ${stamp}`);
    await comment.getByRole('button', { name: '保存' }).click();
    await commentWith(page, `改过的问候 ${stamp}`).waitFor();
    await page.reload();
    await commentWith(page, `改过的问候 ${stamp}`).waitFor();
  });

  it('deletes its own comment after confirming', async () => {
    const { page } = visitor;
    const id = await commentWith(page, `改过的问候 ${stamp}`).getAttribute('data-comment-id');
    const comment = page.locator(`[data-comment-id="${id}"]`);
    await comment.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await comment.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('第一位访客').waitFor();
    expect(await commentWith(page, `改过的问候 ${stamp}`).count()).toBe(0);
  });

  it("offers no edit or delete on another visitor's comment, and the server refuses the delete", async () => {
    const { page } = visitor;
    const foreign = commentWith(page, '来踩一踩');
    await foreign.waitFor();
    expect(await foreign.getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await foreign.getByRole('button', { name: '编辑' }).count()).toBe(0);
    const id = await foreign.getAttribute('data-comment-id');
    const res = await fetch(`${baseUrl}/api/blog/comment/${id}`, {
      method: 'DELETE',
      headers: { 'X-Uuid': uuid },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: number }).code).toBe(4030);
    await page.reload();
    await commentWith(page, '来踩一踩').waitFor();
  });

  it('shows a comment holding HTML as text and runs nothing, for its author and for others', async () => {
    const { page, errors } = visitor;
    const attack = `<img src=x onerror=alert(1)> ${stamp}`;
    await post(page, attack);
    const comment = commentWith(page, attack);
    await comment.waitFor();
    expect(await comment.locator('.comment-text').textContent()).toBe(attack);
    expect(await page.locator('.comment-text img[src="x"]').count()).toBe(0);

    const other = await openVisitor(browser);
    await other.page.goto(`${baseUrl}/about`);
    await waitForApp(other.page);
    await commentWith(other.page, attack).waitFor();
    expect(await other.page.locator('.comment-text img[src="x"]').count()).toBe(0);
    await other.page.waitForTimeout(300);
    expect(other.errors).toEqual([]);
    expect(errors).toEqual([]);
    await other.context.close();
  });

  it('replies to a comment, shown under it', async () => {
    const { page } = visitor;
    const seeded = commentWith(page, '来踩一踩');
    await seeded.getByRole('button', { name: '回复' }).click();
    const form = page.locator('.comment-replies .comment-form');
    await form.getByRole('textbox', { name: '回复 @第一位访客' }).fill(`回复一下 ${stamp}`);
    await waitForPostSlot();
    await form.getByRole('button', { name: '回复' }).click();
    const reply = page
      .locator('.comment-replies')
      .getByTestId('comment')
      .filter({ hasText: `回复一下 ${stamp}` });
    await reply.waitFor();
    expect(await reply.locator('.comment-reply-to').count()).toBe(0);
  });
  // Issue 41.9: a refusal showed only under the form; the spec's toast with its field lines was gone.
  it('says why a bad e-mail is refused under the form and in the toast with its field line', async () => {
    const { page } = visitor;
    const form = page.locator('.comments > .comment-form');
    await form.getByRole('textbox', { name: '邮箱（可选，不公开）' }).fill('not-an-address');
    await form.getByRole('textbox', { name: '说点什么吧' }).fill(`邮箱写错了 ${stamp}`);
    await form.getByRole('button', { name: '发表' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: '[guestEmail]: 邮箱格式不对' });
    await toast.waitFor();
    expect(await form.getByRole('alert').textContent()).toContain('邮箱格式不对');
    // The text stays for a second try.
    expect(await form.getByRole('textbox', { name: '说点什么吧' }).inputValue()).toBe(`邮箱写错了 ${stamp}`);
    await form.getByRole('textbox', { name: '邮箱（可选，不公开）' }).fill('');
  });
});
