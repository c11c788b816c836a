import fs from 'node:fs';
import { type FakeBangumiUpstream, startFakeBangumi } from '@candy/server/test/fakes/bangumiUpstream.ts';
import { proofFrom } from '@candy/server/test/powSolver.ts';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startFakeBilibili } from '../support/fakeBilibili.ts';
import { accessKeyOf, E2E_OWNER, openAsOwner } from '../support/owner.ts';
import { afterDrop } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openVisitor, switchDarkOn } from '../support/visitors.ts';

const darkKey = 'e2e-collections-dark';

const png = (width: number, height: number, shade: number): Buffer => {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = shade;
    image.data[i + 1] = 120;
    image.data[i + 2] = 200;
    image.data[i + 3] = 255;
  }
  return PNG.sync.write(image);
};

/** Anime, waifu, to-dos and metadata in the back office, against a fake Bangumi on 127.0.0.1. */
describe('collections and settings in the back office', () => {
  let browser: Browser;
  let fake: FakeBangumiUpstream;
  let server: RunningServer;
  let bilibili: Awaited<ReturnType<typeof startFakeBilibili>>;

  beforeAll(async () => {
    fake = await startFakeBangumi();
    bilibili = await startFakeBilibili();
    browser = await launchBrowser();
    server = await startServer({
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      DARK_KEY: darkKey,
      SEED_DEMO: 'true',
      BANGUMI_API_BASE: fake.base,
      EMOTE_BILIBILI_BASE: bilibili.base,
      // Covers are copied from the fake's address, which the outbound policy must allow (issue 40.1).
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
    await bilibili?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('searches Bangumi by keyword, adds a subject, sets progress and rating; the public list serves the cover itself; a dead upstream is a clear 5030', async () => {
    const { page, errors, close } = await openAsOwner(browser, server.url, '/great-old-one/pastel-memories');
    await page.getByTestId('bangumi-admin').waitFor();
    await page.getByTestId('bangumi-search-input').fill('孤独摇滚');
    await page.getByTestId('bangumi-search-submit').click();
    const result = page.getByTestId('bangumi-result').filter({ hasText: '孤独摇滚！' });
    await result.waitFor();
    await result.getByTestId('bangumi-add').click();
    await page.getByTestId('toast').getByText('已添加「孤独摇滚！」').waitFor();
    await result.getByText('已在列表').waitFor();

    const entry = page.getByTestId('bangumi-entry').filter({ hasText: '孤独摇滚！' });
    await entry.waitFor();
    await entry.getByTestId('bangumi-plus').click();
    await entry.getByTestId('bangumi-progress').getByText('1 / 12 话').waitFor();
    const rating = page
      .getByTestId('bangumi-entry')
      .filter({ hasText: '孤独摇滚！' })
      .getByTestId('bangumi-rating');
    await rating.selectOption('9');
    await expect.poll(() => rating.inputValue()).toBe('9');
    await page
      .getByTestId('bangumi-entry')
      .filter({ hasText: '孤独摇滚！' })
      .getByTestId('bangumi-progress')
      .waitFor();

    const visitor = await openVisitor(browser);
    await visitor.page.goto(`${server.url}/pastel-memories`);
    const card = visitor.page.getByTestId('bangumi').filter({ hasText: '孤独摇滚！' });
    await card.waitFor();
    const src = await card.locator('img').getAttribute('src');
    // Our copy of the cover, or one of its resized copies once made (issue 30): never Bangumi's host.
    expect(src).toMatch(/^\/files\/(bangumi\/[\w-]+|images\/v\/[0-9a-f]{16}\/\d+)\.jpg$/);
    const cover = await fetch(`${server.url}${src}`);
    expect(cover.status).toBe(200);
    expect(await card.textContent()).toContain('1 / 12');
    expect(await card.textContent()).toContain('9');
    await visitor.context.close();

    // Upstream gone: the search says so, and the rest of the page keeps working.
    await fake.close();
    await page.getByTestId('bangumi-search-input').fill('牛仔');
    await page.getByTestId('bangumi-search-submit').click();
    const message = page.getByTestId('bangumi-search-error');
    await message.waitFor();
    expect(await message.textContent()).toContain('Bangumi 暂时无法访问');
    expect(await message.textContent()).toContain('5030');
    await page
      .getByTestId('bangumi-entry')
      .filter({ hasText: '孤独摇滚！' })
      .getByTestId('bangumi-plus')
      .click();
    await page
      .getByTestId('bangumi-entry')
      .filter({ hasText: '孤独摇滚！' })
      .getByTestId('bangumi-progress')
      .getByText('2 / 12 话')
      .waitFor();
    expect(errors.filter((e) => !/503|5030|Service Unavailable/.test(e))).toEqual([]);
    await close();
  });

  it('uploads three waifu images with progress; a visitor with the dark key sees them; a text file named .png is 4150', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/waifu');
    await page.getByTestId('waifu-admin').waitFor();
    // Counted once the list has loaded (its pictures, or its empty state).
    await page.locator('[data-testid="waifu-admin-item"], [data-testid="empty-state"]').first().waitFor();
    const before = await page.getByTestId('waifu-admin-item').count();
    await page.getByLabel('上传说明').fill('e2e 三连');
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: png(640, 480, 10) },
      { name: 'two.png', mimeType: 'image/png', buffer: png(300, 600, 90) },
      { name: 'three.png', mimeType: 'image/png', buffer: png(500, 500, 180) },
    ]);
    const uploads = page.getByTestId('upload-list');
    await uploads.getByRole('progressbar').first().waitFor();
    await page.getByTestId('toast').getByText('已上传 3 张').waitFor();
    expect(await uploads.getByText(/完成/).count()).toBe(3);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="waifu-admin-item"]').length === n,
      before + 3,
    );

    await page
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('only text, not a picture at all') },
      ]);
    await uploads.getByText(/失败/).waitFor();
    const key = await accessKeyOf(page);
    const form = new FormData();
    form.append('file', new Blob(['only text, not a picture at all'], { type: 'image/png' }), 'fake.png');
    const refused = await fetch(`${server.url}/api/blog/waifu`, {
      method: 'POST',
      headers: { 'x-fingerprint': key },
      body: form,
    });
    expect((await refused.json()).code).toBe(4150);
    await close();

    const visitor = await openVisitor(browser, { darkModeDecodeKey: darkKey });
    await visitor.page.goto(`${server.url}/chaos`);
    await switchDarkOn(visitor.page);
    await visitor.page.getByTestId('nav-waifu').first().click();
    const items = visitor.page
      .getByTestId('waifu-item')
      .filter({ has: visitor.page.locator('img[alt="e2e 三连"]') });
    await items.first().waitFor();
    expect(await items.count()).toBe(3);
    // The small preview, or — once the image pipeline made them (issue 30) — a copy its size.
    expect(await items.first().locator('img').getAttribute('src')).toMatch(
      /^\/files\/(waifu\/.+\.preview\.webp|images\/v\/[0-9a-f]{16}\/\d+\.png)$/,
    );
    await visitor.context.close();
  });

  it('to-dos on a 390×844 screen: add, drag to reorder, check off, reload — order and states persist', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/mabinogion', {
      viewport: { width: 390, height: 844 },
    });
    await page.getByTestId('todos-page').waitFor();
    for (const title of ['第一件事', '第二件事']) {
      await page.getByTestId('todo-input').fill(title);
      await page.getByTestId('todo-add').click();
      await page.getByTestId('todo-title').getByText(title).waitFor();
    }
    const titles = () => page.getByTestId('todo-title').allTextContents();
    const start = await titles();
    expect(start.slice(-2)).toEqual(['第一件事', '第二件事']);

    // Every control fits the phone screen.
    for (const id of ['todo-drag', 'todo-check']) {
      const box = await page.getByTestId(id).last().boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    const addBox = await page.getByTestId('todo-add').boundingBox();
    expect(addBox && addBox.x + addBox.width <= 390).toBe(true);

    // Drag the last one above the one before it, by its handle.
    const handle = page.getByTestId('todo-drag').last();
    const target = page.getByTestId('todo-drag').nth(start.length - 2);
    await handle.scrollIntoViewIfNeeded();
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('no handle boxes');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 8, { steps: 12 });
    await page.mouse.up();
    await page.waitForFunction(() => {
      const all = Array.from(document.querySelectorAll('[data-testid="todo-title"]'), (e) => e.textContent);
      return all.at(-1) === '第一件事' && all.at(-2) === '第二件事';
    });
    await afterDrop(page);

    await page.getByRole('checkbox', { name: '完成：第一件事' }).click();
    // Checked off, it leaves the open list.
    await page.waitForFunction(
      () =>
        !Array.from(document.querySelectorAll('[data-testid="todo-title"]'), (e) => e.textContent).includes(
          '第一件事',
        ),
    );

    await page.reload();
    await page.getByTestId('todos-page').waitFor();
    await page.getByTestId('todo-row').first().waitFor();
    const open = await titles();
    expect(open.at(-1)).toBe('第二件事');
    expect(open).not.toContain('第一件事');
    await page.getByRole('tab', { name: '全部' }).click();
    expect((await titles()).slice(-2)).toEqual(['第二件事', '第一件事']);
    await page.getByRole('tab', { name: '已完成' }).click();
    await page.getByTestId('todo-title').getByText('第一件事').waitFor();
    await close();
  });

  it('a footer tag and a banned word added in metadata take effect for visitors without a restart', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/meta');
    await page.getByTestId('meta-page').waitFor();
    const tags = page.getByTestId('meta-site-footer-tags');
    // Footer tags are a form, a row a tag — no JSON to type.
    expect(await tags.locator('textarea').count()).toBe(0);
    // The form fills in once the stored tags have loaded (CI once counted before they had).
    await tags.getByTestId('footer-tag-row').first().waitFor();
    const before = await tags.getByTestId('footer-tag-row').count();
    expect(before).toBeGreaterThan(0);
    await tags.getByTestId('footer-tag-add').click();
    const row = tags.getByTestId('footer-tag-row').nth(before);
    await row.getByPlaceholder('名称').fill('新标签');
    // A bad link is caught before it is sent, naming the row and the field.
    await row.getByPlaceholder(/^链接/).fill('javascript:alert(1)');
    await tags.getByTestId('meta-save').click();
    await tags
      .getByRole('alert')
      .getByText(`第 ${before + 1} 个标签的链接`)
      .waitFor();
    await row.getByPlaceholder(/^链接/).fill('/utils');
    await row.getByPlaceholder(/^鼠标悬停/).fill('新加的');
    await tags.getByTestId('meta-save').click();
    await page.getByTestId('toast').getByText('已保存').first().waitFor();
    // The server's own strings are read-only, and its secret is not shown.
    const internal = page.getByTestId('meta-comment-avatar-key');
    if ((await internal.count()) > 0) {
      expect(await internal.textContent()).toContain('只读');
      expect(await internal.getByRole('button').count()).toBe(0);
    }

    const words = page.getByTestId('meta-comment-banned-words').locator('textarea');
    await words.fill(`${await words.inputValue()}\n禁止词语`);
    // Wait for this save's own answer: the footer tags' 已保存 toast may still be showing (CI once
    // closed the page on it before the words were sent, and the comment below went through).
    const wordsSaved = page.waitForResponse(
      (res) => res.url().includes('/meta/string') && ['PUT', 'POST'].includes(res.request().method()),
    );
    await page.getByTestId('meta-comment-banned-words').getByTestId('meta-save').click();
    expect((await wordsSaved).status()).toBe(200);
    await page.getByTestId('toast').getByText('已保存').first().waitFor();
    await close();

    const visitor = await openVisitor(browser);
    await visitor.page.goto(`${server.url}/chaos`);
    await visitor.page.getByTestId('footer-tags').getByText('新标签').waitFor();
    await visitor.context.close();

    const essays = await (await fetch(`${server.url}/api/blog/essay`)).json();
    const essayId = essays.data.list[0].id as number;
    const post = async (content: string, uuid: string) =>
      fetch(`${server.url}/api/blog/comment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-uuid': uuid },
        body: JSON.stringify({
          targetType: 'essay',
          targetId: essayId,
          content,
          proof: await proofFrom(server.url),
        }),
      }).then((r) => r.json());
    const refused = await post('这句话里有禁止词语哦', 'e2e-banned-1');
    expect(refused.code).toBe(4000);
    expect(JSON.stringify(refused)).toContain('禁止词语');
    expect((await post('一句普通的话', 'e2e-banned-2')).code).toBe(0);
  });

  it('imports a Bilibili emote package and removes one of its emotes, with a confirmation', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/meta');
    await page.getByRole('tab', { name: '表情' }).click();
    await page.getByLabel('B 站表情包 ID').fill('1');
    await page.getByRole('button', { name: '导入' }).click();
    await page.getByTestId('toast').getByText('已导入「小黄脸」2 个表情').waitFor();
    const own = page.getByTestId('own-emotes');
    await own.getByText('[doge]').waitFor();
    await own.locator('li', { hasText: '[doge]' }).getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast').getByText('已删除 [doge]').waitFor();
    await expect.poll(() => own.locator('code').allTextContents()).toEqual(['[微笑]']);
    await close();
    // Visitors' emote set follows: the package's [微笑] is there, its [doge] is not.
    const list = (await (await fetch(`${server.url}/api/blog/emote/list`)).json()).data as {
      code: string;
      group: string;
    }[];
    expect(list.filter((e) => e.group === '小黄脸').map((e) => e.code)).toEqual(['[微笑]']);
  });
});
