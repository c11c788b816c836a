import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, openAsOwner } from '../support/owner.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const gitLog = (dir: string) =>
  execFileSync('git', ['log', '--format=%s', 'main'], { cwd: dir, encoding: 'utf8' }).trim().split('\n');

/** 文件 (issue 14): the owner's files in a git repository, with a bare repository as its remote. */
describe('the file manager in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let remote: string;

  beforeAll(async () => {
    remote = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-e2e-remote-'));
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
    server = await startServer({
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      CONTENT_GIT_REMOTE: remote,
    });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(remote, { recursive: true, force: true });
  });

  it('uploads two files into a new folder, commits, reads the history, deletes the folder and restores a file', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/deathnote');
    const dialog = page.getByRole('dialog');
    const toastSays = (text: string) => page.getByTestId('toast').getByText(text).first().waitFor();

    await page.getByTestId('new-folder').click();
    await dialog.locator('input').fill('旅行');
    await dialog.getByRole('button', { name: /确/ }).click();
    await page.getByTestId('breadcrumbs').getByText('旅行').waitFor();
    // A new folder is not committed yet: it opens as a new, staged folder, not as a failed load.
    await page.getByTestId('files-table').getByText('新建的文件夹（待提交）').waitFor();
    expect(await page.getByText('加载失败').count()).toBe(0);

    await page
      .getByTestId('files-drop')
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# 第一天\n\n到了海边。\n') },
        { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(3 * 1024 * 1024, 9) },
      ]);
    // Each file has its progress bar, and both end done.
    await expect.poll(() => page.locator('.admin-upload-done').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('staged-change').count()).toBe(3);
    expect(
      await page.getByTestId('files-table').locator('tr', { hasText: 'notes.md' }).textContent(),
    ).toContain('待提交');

    await page.getByTestId('commit-message').fill('旅行的第一天');
    await page.getByTestId('commit-button').click();
    await toastSays('并推送');
    await expect.poll(() => page.getByTestId('staged-change').count()).toBe(0);

    // The folder holds both; the Markdown file opens with its preview and its history.
    const table = page.getByTestId('files-table');
    await table.getByText('notes.md').click();
    await page.getByTestId('file-preview').getByRole('heading', { name: '第一天' }).waitFor();
    await page.getByTestId('file-history').getByText('旅行的第一天').waitFor();

    // Delete the folder from the top: a commit of its own.
    await page.getByTestId('breadcrumbs').getByRole('button', { name: '根目录' }).click();
    await table.locator('tr', { hasText: '旅行' }).getByTestId('file-delete').click();
    await dialog.locator('input').fill('不要了');
    await dialog.getByRole('button', { name: /确/ }).click();
    await toastSays('文件夹已删除并提交');
    await page.getByText('还没有文件：上传一些，然后提交').waitFor();

    // Restore notes.md from the first commit, then commit it.
    await page.getByTestId('commit-log').getByTestId('browse-commit').click();
    await table.getByText('旅行').click();
    await table.locator('tr', { hasText: 'notes.md' }).getByTestId('restore-file').click();
    await expect
      .poll(() => page.getByTestId('staged-change').allTextContents())
      .toEqual([expect.stringContaining('旅行/notes.md')]);
    await page.getByTestId('commit-message').fill('找回笔记');
    await page.getByTestId('commit-button').click();
    await expect.poll(() => page.getByTestId('staged-change').count()).toBe(0);
    await close();

    const repository = path.join(server.dataDir, 'content');
    expect(gitLog(repository)).toEqual(['找回笔记', '不要了', '旅行的第一天']);
    expect(gitLog(remote)).toEqual(['找回笔记', '不要了', '旅行的第一天']);
    expect(fs.readFileSync(path.join(repository, '旅行/notes.md'), 'utf8')).toContain('到了海边');
  }, 90_000);

  it('undoes a new folder from the staged changes and goes back to the folder above', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/deathnote');
    const dialog = page.getByRole('dialog');
    await page.getByTestId('new-folder').click();
    await dialog.locator('input').fill('草稿');
    await dialog.getByRole('button', { name: /确/ }).click();
    await page.getByTestId('breadcrumbs').getByText('草稿').waitFor();
    const change = page.getByTestId('staged-change').filter({ hasText: '草稿/（新文件夹）' });
    await change.getByRole('button', { name: '撤销' }).click();
    await expect.poll(() => page.getByTestId('staged-change').count()).toBe(0);
    await expect.poll(() => page.getByTestId('breadcrumbs').textContent()).not.toContain('草稿');
    expect(await page.getByText('加载失败').count()).toBe(0);
    // Nothing to apologise for: the folder is gone from the tree, and no toast says it is missing.
    await expect.poll(() => page.locator('.files-tree').getByText('草稿').count()).toBe(0);
    expect(await page.getByTestId('toast').getByText('没有这个路径').count()).toBe(0);
    expect(fs.existsSync(path.join(server.dataDir, 'content', '草稿'))).toBe(false);
    await close();
  }, 60_000);

  it('moves a file into a folder picked from the tree; a 16-character name stays on one line', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/deathnote', {
      viewport: { width: 1366, height: 860 },
    });
    const dialog = page.getByRole('dialog');
    await page.getByTestId('new-folder').click();
    await dialog.locator('input').fill('归档');
    await dialog.getByRole('button', { name: /确/ }).click();
    await page.getByTestId('breadcrumbs').getByText('归档').waitFor();
    await page.getByTestId('breadcrumbs').getByRole('button', { name: '根目录' }).click();
    const name = '二〇二六年十二月的旅行笔记.md';
    expect([...name]).toHaveLength(16);
    await page
      .getByTestId('files-drop')
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/markdown', buffer: Buffer.from('# 旅行\n') });
    const table = page.getByTestId('files-table');
    const entry = table.getByTestId('file-entry').filter({ hasText: name });
    await entry.waitFor();
    const heights = await Promise.all(
      [entry, table.getByTestId('file-entry').filter({ hasText: '归档' })].map(
        async (e) => (await e.boundingBox())?.height,
      ),
    );
    expect(heights[0]).toBe(heights[1]);

    await table.locator('tr', { hasText: name }).getByRole('button', { name: '移动' }).click();
    await dialog
      .getByRole('navigation', { name: '选择目标文件夹' })
      .getByRole('button', { name: '归档' })
      .click();
    expect(await dialog.getByTestId('move-target').textContent()).toBe('归档');
    await dialog.getByTestId('move-confirm').click();
    await page.getByTestId('toast').getByText('已移到「归档」，提交后生效').waitFor();
    await entry.waitFor({ state: 'detached' });
    await page
      .getByTestId('staged-change')
      .filter({ hasText: `归档/${name}` })
      .waitFor();
    await close();
  }, 60_000);

  it('shares a file by a temporary link that works at once', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/deathnote');
    await page
      .getByTestId('share-drop')
      .locator('input[type="file"]')
      .setInputFiles({
        name: '分享.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('给朋友的东西'),
      });
    const link = page.getByTestId('share-link').locator('a');
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/api\/static\/buffer\/[\w-]{16}\//);
    const res = await fetch(href);
    expect(await res.text()).toBe('给朋友的东西');
    await close();
  });
});
