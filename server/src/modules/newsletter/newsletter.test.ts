import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fakes/pushTargets.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  confirmedReader,
  confirmPathOf,
  dkimKeys,
  parsed,
  publish,
  setRate,
  settle,
  setUpMail,
  subscribe,
} from './testKit.ts';

const HOUR = 3600_000;

describe('readers by e-mail', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let dkim: ReturnType<typeof dkimKeys>;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    dkim = dkimKeys();
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: {
        SITE_DOMAINS: 'candy.example',
        PUSH_ALLOW_LOOPBACK: 'true',
        DKIM_SELECTOR: 'candy2026',
        DKIM_PRIVATE_KEY_FILE: dkim.file,
      },
    });
    await setUpMail(t, smtp);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    dkim.remove();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    smtp.refused.clear();
    // Past the last test's minute of the sending rate.
    t.clock.advance(2 * 60_000);
    await setRate(t, 1000);
  });

  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const unsubscribeLinkOf = (raw: string) =>
    /^List-Unsubscribe:\s*<([^>]+)>/m.exec(raw.replace(/\r\n\s+/g, ''))?.[1];

  it('subscribe, confirm, publish: one signed mail with the bulk-mail headers; one-click unsubscribe stops them', async () => {
    const email = 'reader@example.org';
    await confirmedReader(t, smtp, email);
    const confirmation = await parsed(mailsTo(email)[0]?.raw ?? '');
    expect(confirmation.subject).toContain('请确认订阅');

    smtp.messages.length = 0;
    const id = await publish(t, '# 春天来了\n\n樱花开了。![花](/files/flower.png)');
    await settle(t);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const raw = mails[0]?.raw ?? '';
    const mail = await parsed(raw);
    expect(mail.subject).toBe('春天来了');
    expect(mail.from?.value[0]?.address).toBe('site@candy.example');
    expect(mail.messageId).toBe(
      `<essay-${id}.${(await t.database.db.selectFrom('newsletter_subscriber').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id}@candy.example>`,
    );
    expect(mail.date).toBeInstanceOf(Date);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(raw).toMatch(/^Date: /m);
    const unsubscribe = unsubscribeLinkOf(raw);
    expect(unsubscribe).toMatch(/^https:\/\/candy\.example\/api\/blog\/newsletter\/unsubscribe\?email=/);
    // Both parts: the page's Markdown as HTML with absolute addresses, and plain text; both link the page.
    expect(mail.html).toContain('<img src="https://candy.example/files/flower.png"');
    expect(mail.html).toContain(`https://candy.example/chaos/${id}`);
    expect(mail.html).toContain('退订');
    expect(mail.text).toContain(`https://candy.example/chaos/${id}`);

    const verified = await dkimVerify(Buffer.from(raw), {
      resolver: async (name: string, type: string) => {
        expect([name, type]).toEqual(['candy2026._domainkey.candy.example', 'TXT']);
        return [[dkim.record]];
      },
    });
    expect(verified.results.map((r) => [r.status.result, r.signingDomain])).toEqual([
      ['pass', 'candy.example'],
    ]);
    // RFC 8058 §4: the one-click headers are covered by the signature.
    expect(/\bh=([^;]+);/.exec(raw.replace(/\r\n\s+/g, ''))?.[1]?.split(':')).toEqual(
      expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'from']),
    );

    // RFC 8058: the mail client POSTs the link, no login, no page.
    const url = new URL(unsubscribe ?? '');
    const off = await t.server.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain('不会再收到');
    smtp.messages.length = 0;
    await publish(t, '第二篇');
    await settle(t);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('answers alike for a new and a known address, and mails one confirmation an hour at most', async () => {
    const email = 'twice@example.org';
    const first = await subscribe(t, email);
    const second = await subscribe(t, email);
    expect(second.json()).toEqual(first.json());
    await settle(t);
    expect(mailsTo(email)).toHaveLength(1);
    t.clock.advance(30 * 60_000);
    await subscribe(t, email);
    await settle(t);
    expect(mailsTo(email)).toHaveLength(1);
    t.clock.advance(31 * 60_000);
    await subscribe(t, email);
    await settle(t);
    expect(mailsTo(email)).toHaveLength(2);
    // A confirmed reader subscribing again gets nothing, and the answer is the same.
    await confirmedReader(t, smtp, 'known@example.org');
    const before = smtp.messages.length;
    t.clock.advance(2 * HOUR);
    expect((await subscribe(t, 'known@example.org')).json()).toEqual(first.json());
    await settle(t);
    expect(smtp.messages.length).toBe(before);
  });

  it('the confirmation link opens a page saying what it confirms, and expires after 48 hours', async () => {
    const email = 'late@example.org';
    await subscribe(t, email);
    await settle(t);
    const link = await confirmPathOf(smtp, email);
    const page = await t.server.inject({ method: 'GET', url: link });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    expect(page.body).toContain('确认订阅');
    t.clock.advance(49 * HOUR);
    const res = await t.server.inject({ method: 'POST', url: link });
    expect(res.json()).toMatchObject({ code: 4040 });
  });

  it('an unconfirmed, unsubscribed or removed address never receives an essay', async () => {
    await subscribe(t, 'pending@example.org');
    await confirmedReader(t, smtp, 'removed@example.org');
    await confirmedReader(t, smtp, 'left@example.org');
    const list = await t.server.inject({
      method: 'GET',
      url: '/api/newsletter/subscriber?q=removed',
      headers: asOwner,
    });
    const removed = (list.json() as { data: { list: { id: number }[] } }).data.list[0]?.id;
    expect(
      (
        await t.server.inject({
          method: 'DELETE',
          url: `/api/newsletter/subscriber/${removed}`,
          headers: asOwner,
        })
      ).json().code,
    ).toBe(0);
    const query = await t.modules.newsletter.unsubscribeQuery('left@example.org');
    expect(
      (await t.server.inject({ method: 'POST', url: `/api/blog/newsletter/unsubscribe?${query}` })).json(),
    ).toEqual({
      code: 0,
      data: { unsubscribed: true },
    });
    smtp.messages.length = 0;
    await publish(t, '只给确认过的人');
    await settle(t);
    expect(smtp.messages.flatMap((m) => m.to).filter((to) => /pending|removed|left/.test(to))).toEqual([]);
  });

  it('the SMTP server refusing one address does not stop the rest; the address is marked and not retried', async () => {
    for (const name of ['a', 'b', 'c']) await confirmedReader(t, smtp, `${name}@refuse.example`);
    smtp.refused.add('b@refuse.example');
    smtp.messages.length = 0;
    const id = await publish(t, '有人拒收');
    await settle(t);
    expect(
      smtp.messages
        .flatMap((m) => m.to)
        .filter((to) => to.endsWith('@refuse.example'))
        .sort(),
    ).toEqual(['a@refuse.example', 'c@refuse.example']);
    const bounced = await t.server.inject({
      method: 'GET',
      url: '/api/newsletter/subscriber?status=bounced',
      headers: asOwner,
    });
    expect(
      (bounced.json() as { data: { list: { email: string; lastError: string }[] } }).data.list,
    ).toMatchObject([{ email: 'b@refuse.example', lastError: expect.stringContaining('550') }]);
    const issues = await t.server.inject({ method: 'GET', url: '/api/newsletter/issue', headers: asOwner });
    const issue = (
      issues.json() as { data: { essayId: number; failed: number; pending: number; state: string }[] }
    ).data.find((i) => i.essayId === id);
    expect(issue).toMatchObject({ failed: 1, pending: 0, state: 'done' });
    smtp.refused.clear();
    smtp.messages.length = 0;
    await publish(t, '之后的随笔');
    await settle(t);
    expect(mailsTo('b@refuse.example')).toHaveLength(0);
  });

  it('sends no more than the owner’s rate a minute, and the rest the minutes after', async () => {
    for (const name of ['r1', 'r2', 'r3', 'r4', 'r5']) await confirmedReader(t, smtp, `${name}@rate.example`);
    t.clock.advance(2 * 60_000);
    await setRate(t, 2);
    const counts = await t.server.inject({
      method: 'GET',
      url: '/api/newsletter/subscriber',
      headers: asOwner,
    });
    const confirmed = (counts.json() as { data: { counts: { confirmed: number } } }).data.counts.confirmed;
    expect(confirmed).toBeGreaterThanOrEqual(5);
    smtp.messages.length = 0;
    await publish(t, '慢慢发');
    for (let minute = 1; minute <= Math.ceil(confirmed / 2); minute += 1) {
      await settle(t);
      expect(smtp.messages).toHaveLength(Math.min(confirmed, minute * 2));
      t.clock.advance(61_000);
    }
    expect(
      smtp.messages
        .flatMap((m) => m.to)
        .filter((to) => to.endsWith('@rate.example'))
        .sort(),
    ).toEqual(['r1', 'r2', 'r3', 'r4', 'r5'].map((n) => `${n}@rate.example`));
  });
});
