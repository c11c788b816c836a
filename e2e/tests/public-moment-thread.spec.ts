import { type FediversePeer, ownerActorFor, startFediversePeer } from '@candy/server/test/fediversePeer.ts';
import { Create, Note, PUBLIC_COLLECTION } from '@fedify/fedify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { accessKeyOf, openAsOwner, ownerCall } from '../support/owner.ts';
import { goInApp, waitForApp } from '../support/pages.ts';
import { keepShot } from '../support/shots.ts';
import { e2eDarkKey, openVisitor, switchDarkOn } from '../support/visitors.ts';

/*
 * Issue 29.3: a reply written on another server to one of our moments lives under the moment. The
 * reply comes from the fallback peer (a second Fedify instance on 127.0.0.1, signed); a visitor with
 * the dark key reads it under the moment, and the owner answers it there.
 */
describe('a fediverse reply under a moment', () => {
  let browser: Browser;
  let peer: FediversePeer;
  let accessKey = '';
  const baseUrl = inject('baseUrl');
  const owner = ownerCall(baseUrl, () => accessKey);
  const settings = (origin: string, federateMoments: boolean) =>
    owner('PUT', '/federation/settings', {
      handle: 'owner',
      displayName: '',
      origin,
      manualApproval: false,
      federateMoments,
    });

  beforeAll(async () => {
    browser = await launchBrowser();
    peer = await startFediversePeer('127.0.0.1');
  });
  afterAll(async () => {
    // The shared server goes back to no fediverse account.
    if (accessKey) await settings('', false);
    await peer.close();
    await browser.close();
  });

  it('shows the reply to a dark-key visitor, read-only, and lets the owner answer it', async () => {
    const asOwner = await openAsOwner(browser, baseUrl);
    accessKey = await accessKeyOf(asOwner.page);
    expect((await settings(baseUrl, true)).code).toBe(0);
    const text = `晚霞 ${Date.now()}`;
    const posted = await owner('POST', '/blog/moment', { content: text });
    const momentId = (posted.data as { id: number }).id;

    const note = new Note({
      id: new URL(`${peer.origin}/notes/moment-${momentId}`),
      attribution: new URL(peer.actorUrl),
      to: PUBLIC_COLLECTION,
      replyTarget: new URL(`${baseUrl}/ap/moments/${momentId}`),
      // Remote markup is reduced to text: a dialog would land in `errors`, an element in the card.
      content: '<p>好美的晚霞 <script>alert(1)</script><img src=x onerror="alert(2)"></p>',
    });
    await peer.send(
      await ownerActorFor(peer, baseUrl),
      new Create({ id: new URL(`${note.id?.href}/create`), actor: new URL(peer.actorUrl), object: note }),
    );
    await expect
      .poll(
        async () =>
          (
            (await owner('GET', `/blog/comment?targetType=moment&targetId=${momentId}`)).data as {
              total: number;
            }
          ).total,
        { timeout: 15_000 },
      )
      .toBe(1);

    // A visitor with the dark key: the count under the moment opens the thread, with no form.
    const visitor = await openVisitor(browser, { darkModeDecodeKey: e2eDarkKey });
    await visitor.page.goto(`${baseUrl}/chaos`);
    await waitForApp(visitor.page);
    await switchDarkOn(visitor.page);
    // Read on a phone (the settings menu is the desktop's).
    await visitor.page.setViewportSize({ width: 390, height: 844 });
    await goInApp(visitor.page, '/moments');
    const card = visitor.page.getByTestId('moment').filter({ hasText: text });
    const toggle = card.getByTestId('moment-thread-toggle');
    await expect.poll(() => toggle.textContent(), { timeout: 10_000 }).toBe('评论 1');
    await toggle.click();
    const comment = card.getByTestId('comment');
    await comment.waitFor();
    expect(await comment.locator('.comment-name').textContent()).toBe('Alice Peer');
    expect(await comment.locator('.comment-source-mark').textContent()).toBe('来自联邦宇宙');
    expect(await comment.textContent()).toContain('好美的晚霞');
    expect(await card.locator('.comment-main script, .comment-main img').count()).toBe(0);
    expect(await card.getByRole('button', { name: '回复' }).count()).toBe(0);
    expect(await card.locator('textarea').count()).toBe(0);
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await keepShot(visitor.page, 'visitor-phone-dark');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // The owner answers under the moment; the answer is sent back to the peer as a reply.
    await goInApp(asOwner.page, '/moments');
    const ownCard = asOwner.page.getByTestId('moment').filter({ hasText: text });
    await ownCard.getByTestId('moment-thread-toggle').click();
    expect(await ownCard.locator('textarea').count()).toBe(0);
    await ownCard.getByRole('button', { name: '回复' }).click();
    await ownCard.locator('textarea').fill('谢谢！在海边拍的');
    await ownCard.getByRole('button', { name: '回复', exact: true }).last().click();
    await ownCard.getByTestId('comment').filter({ hasText: '谢谢！在海边拍的' }).waitFor();
    // Closed again, the footer counts the answer too.
    await ownCard.getByTestId('moment-thread-toggle').click();
    expect(await ownCard.getByTestId('moment-thread-toggle').textContent()).toBe('评论 2');
    const answered = async () => {
      for (const activity of peer.received) {
        if (!(activity instanceof Create)) continue;
        const object = await activity.getObject();
        if (object instanceof Note && object.replyTargetId?.href === note.id?.href)
          return String(object.content);
      }
      return '';
    };
    await expect.poll(answered, { timeout: 20_000 }).toContain('谢谢！在海边拍的');
    await keepShot(asOwner.page, 'owner-desktop');
    expect(asOwner.errors).toEqual([]);
    await asOwner.close();
  });
});
