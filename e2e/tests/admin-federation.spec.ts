import { type FediversePeer, startFediversePeer } from '@candy/server/test/fediversePeer.ts';
import { Follow, isActor } from '@fedify/fedify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { accessKeyOf, openAsOwner, ownerCall } from '../support/owner.ts';
import { keepShot } from '../support/shots.ts';

const scrollWidth = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );

/*
 * 联邦宇宙 (issue 29.5) in Chromium: the owner names the account, holds follow requests for approval,
 * approves one, sees the delivery that could not reach the follower waiting with its answer, and
 * blocks a domain after confirming. The follower is the fallback peer (a second Fedify instance,
 * here on 127.0.0.1, the one address the e2e server may reach; see docs/decisions.md).
 */
describe('the federation page in Chromium', () => {
  let browser: Browser;
  let peer: FediversePeer | null = null;
  let accessKey = '';
  const baseUrl = inject('baseUrl');
  const owner = ownerCall(baseUrl, () => accessKey);

  beforeAll(async () => {
    browser = await launchBrowser();
    peer = await startFediversePeer('127.0.0.1');
  });
  afterAll(async () => {
    // The shared server goes back to no fediverse account, without the follower and the block.
    if (accessKey) {
      await owner('PUT', '/federation/settings', {
        handle: 'owner',
        displayName: '',
        origin: '',
        manualApproval: false,
        federateMoments: false,
      });
      await owner('POST', '/federation/follower', {
        actorUrl: `${peer?.origin}/users/alice`,
        action: 'remove',
      });
      await owner('POST', '/federation/unblock', { target: 'spam.example' });
    }
    await peer?.close();
    await browser.close();
  });

  it('sets the handle, approves a follow request, shows the undelivered answer and blocks a domain', async () => {
    const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/federation', {
      viewport: { width: 1366, height: 860 },
    });
    accessKey = await accessKeyOf(page);
    const lists = page.getByTestId('fed-lists');
    await lists.getByText('还没有关注者').waitFor();
    await lists.getByText('没有屏蔽的账号或域名').waitFor();
    await page.getByTestId('fed-queue').getByText('没有等待的投递').waitFor();
    await page.getByTestId('fed-queue').getByText('没有失败的投递').waitFor();
    await keepShot(page, 'empty-desktop');

    const form = page.getByTestId('fed-settings');
    await form.getByLabel('账号名').fill('candy');
    await form.getByLabel('站点地址').fill(baseUrl);
    await form.getByLabel('需要我批准').check();
    await form.getByRole('button', { name: '保存' }).click();
    const host = new URL(baseUrl).host;
    await lists.getByText(`@candy@${host}`).first().waitFor();
    const finger = await fetch(`${baseUrl}/.well-known/webfinger?resource=acct:candy@${host}`);
    expect(finger.status).toBe(200);

    // A follow request from the peer waits for the owner.
    const fedi = peer as FediversePeer;
    const actor = await fedi.federation
      .createContext(new URL(fedi.origin))
      .lookupObject(`${baseUrl}/ap/users/owner`);
    if (!isActor(actor)) throw new Error('our actor did not resolve');
    await fedi.send(
      actor,
      new Follow({
        id: new URL(`${fedi.origin}/follows/e2e`),
        actor: new URL(fedi.actorUrl),
        object: new URL(`${baseUrl}/ap/users/owner`),
      }),
    );
    // The inbox verifies the peer's signature (fetching its key) before the request is stored: on a
    // busy machine that takes longer than a poll's default second.
    await expect
      .poll(
        async () =>
          ((await owner('GET', '/federation/overview')).data as { requests: unknown[] }).requests.length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await page.reload();
    const request = lists.locator('.fed-row').filter({ hasText: 'Alice Peer' });
    await request.waitFor();

    // The peer goes away before the owner approves: the Accept cannot be delivered.
    await fedi.close();
    peer = null;
    await request.getByRole('button', { name: '批准' }).click();
    await lists.getByTestId('fed-follower').filter({ hasText: 'Alice Peer' }).waitFor();
    const waiting = page.getByTestId('fed-pending').filter({ hasText: 'Accept' });
    await expect
      .poll(
        async () => {
          if ((await waiting.count()) === 0) await page.reload();
          return (await waiting.count()) > 0 ? await waiting.first().textContent() : '';
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/上次：没有回应/);
    await keepShot(page, 'queue-desktop');

    // Blocking asks first (it deletes their comments, likes and reposts); cancelling blocks nothing.
    await lists.getByLabel('要屏蔽的域名或账号地址').fill('spam.example');
    await lists.getByRole('button', { name: /^屏蔽/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('屏蔽 spam.example？').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    expect(await lists.getByTestId('fed-blocked').count()).toBe(0);
    await lists.getByRole('button', { name: /^屏蔽/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await lists.getByTestId('fed-blocked').filter({ hasText: 'spam.example' }).waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(1366);
    expect(errors).toEqual([]);
    await close();
  }, 90_000);

  it.each([
    ['light', 10],
    ['dark', 2],
  ])('fits 390×844 in %s mode without a serious axe violation', async (mode, hour) => {
    const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/federation', {
      viewport: { width: 390, height: 844 },
      hour,
    });
    await page.getByTestId('fed-queue').waitFor();
    await page.getByTestId('fed-settings').waitFor();
    await keepShot(page, `phone-${mode}`);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
