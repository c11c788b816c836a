import { proofFrom } from '@candy/server/test/powSolver.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, submitLogin } from '../support/owner.ts';
import { goInApp, openGate, openPage, waitForPath } from '../support/pages.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The owner in the comments: may delete any visitor's comment, and its own are marked 博主. */
describe('comments as the owner in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36);
  const visitorText = `访客留给主人的话 ${stamp}`;

  /** A visitor's comment on the about page, posted straight to the API (waiting out the 10 s rate limit). */
  const postAsVisitor = async (content: string): Promise<void> => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await fetch(`${baseUrl}/api/blog/comment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Uuid': crypto.randomUUID() },
        body: JSON.stringify({
          targetType: 'article',
          targetId: 1,
          content,
          proof: await proofFrom(baseUrl),
        }),
      });
      if (res.status !== 429) {
        expect(res.status).toBe(200);
        return;
      }
      await sleep(Number(res.headers.get('retry-after') ?? '10') * 1000 + 200);
    }
    throw new Error('still rate limited');
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    await postAsVisitor(visitorText);
  });
  afterAll(() => browser.close());

  const ownerOnAbout = async () => {
    const session = await openPage(browser, `${baseUrl}/chaos`);
    await openGate(session.page);
    await goInApp(session.page, '/contract');
    await submitLogin(session.page, E2E_OWNER.username, E2E_OWNER.password);
    await waitForPath(session.page, '/great-old-one/index');
    await goInApp(session.page, '/about');
    await session.page.getByTestId('comments').waitFor();
    return session;
  };

  it("deletes a visitor's comment", async () => {
    const { page, close } = await ownerOnAbout();
    const comment = page.getByTestId('comment').filter({ hasText: visitorText });
    await comment.waitFor();
    await comment.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await comment.waitFor({ state: 'detached' });
    const list = (await (
      await fetch(`${baseUrl}/api/blog/comment?targetType=article&targetId=1`)
    ).json()) as {
      data: { list: { content: string }[] };
    };
    expect(list.data.list.map((c) => c.content)).not.toContain(visitorText);
    await close();
  });

  it('writes without guest fields, and its comment is marked 博主', async () => {
    const { page, close } = await ownerOnAbout();
    const form = page.locator('.comments > .comment-form');
    expect(await form.getByRole('textbox', { name: '昵称（可选）' }).count()).toBe(0);
    await form.getByRole('textbox', { name: '说点什么吧' }).fill(`主人的回应 ${stamp}`);
    // One comment per 10 s from this machine: let the visitor's post above age out.
    await sleep(10_500);
    await form.getByRole('button', { name: '发表' }).click();
    const mine = page.getByTestId('comment').filter({ hasText: `主人的回应 ${stamp}` });
    await mine.waitFor();
    expect(await mine.locator('.comment-owner-badge').textContent()).toBe('博主');
    await close();
  });
});
