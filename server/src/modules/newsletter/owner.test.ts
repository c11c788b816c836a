import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fakes/pushTargets.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { confirmedReader, parsed, publish, setRate, settle, setUpMail } from './testKit.ts';

describe('the owner’s newsletter', () => {
  let t: TestApp;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { SITE_DOMAINS: 'candy.example', PUSH_ALLOW_LOOPBACK: 'true' },
    });
    await setUpMail(t, smtp);
    await confirmedReader(t, smtp, 'fan@example.org');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    t.clock.advance(2 * 60_000);
    await setRate(t, 1000);
  });

  const owner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.server.inject({ method, url: `/api${url}`, headers: asOwner, ...(payload ? { payload } : {}) });
  /** Mails to readers: the owner's own notices (a reservation published …) go to me@candy.example. */
  const readerMails = () => smtp.messages.filter((m) => !m.to.includes('me@candy.example'));
  const issueOf = async (id: number) =>
    (
      (await owner('GET', '/newsletter/issue')).json() as {
        data: { essayId: number; state: string; sent: number }[];
      }
    ).data.find((i) => i.essayId === id);

  it('imports a CSV: confirmed only when the owner ticks consent, else pending with a confirmation mail', async () => {
    const csv = 'Email,Name\nOld@Example.org,旧读者\nnot-an-address,x\nfan@example.org,已有\n';
    const consented = await owner('POST', '/newsletter/subscriber/import', { csv, consented: true });
    expect(consented.json().data).toEqual({ added: 1, known: 1, invalid: 1 });
    const asked = await owner('POST', '/newsletter/subscriber/import', {
      csv: 'new@example.org\n',
      consented: false,
    });
    expect(asked.json().data).toEqual({ added: 1, known: 0, invalid: 0 });
    await settle(t);
    expect(smtp.messages.map((m) => m.to[0])).toEqual(['new@example.org']);
    const page = (await owner('GET', '/newsletter/subscriber')).json().data;
    expect(page.counts).toMatchObject({ confirmed: 2, pending: 1 });
    expect((await owner('GET', '/newsletter/subscriber?q=old')).json().data.list).toMatchObject([
      { email: 'old@example.org', status: 'confirmed', source: 'import' },
    ]);
    const exported = (await owner('GET', '/newsletter/subscriber/export')).json().data;
    expect(exported.csv.split('\r\n')[0]).toBe('email,status,source,created_at,confirmed_at,unsubscribed_at');
    expect(exported.csv).toContain('new@example.org,pending,import');
  });

  it('a hidden essay is not mailed; one edited after its mailing is not mailed again; the owner can send it', async () => {
    const hidden = await publish(t, '悄悄的', { hide: true });
    await settle(t);
    expect(smtp.messages).toHaveLength(0);
    expect(await issueOf(hidden)).toBeUndefined();
    const id = await publish(t, '公开的');
    await settle(t);
    const sent = smtp.messages.length;
    expect(sent).toBeGreaterThan(0);
    expect((await owner('PUT', `/blog/essay/${id}`, { content: '公开的（改）' })).json().code).toBe(0);
    await settle(t);
    expect(smtp.messages).toHaveLength(sent);
    // Asking again mails nobody twice.
    expect((await owner('POST', `/newsletter/issue/${id}/send`)).json().data).toMatchObject({
      state: 'queued',
    });
    await settle(t);
    expect(smtp.messages).toHaveLength(sent);
    expect((await owner('POST', `/newsletter/issue/${hidden}/send`)).json()).toMatchObject({ code: 4040 });
  });

  it('with automatic mailing off an essay waits; a skipped reservation is never mailed', async () => {
    await setRate(t, 1000, false);
    const held = await publish(t, '等一等');
    await settle(t);
    expect(readerMails()).toHaveLength(0);
    expect(await issueOf(held)).toMatchObject({ state: 'held' });
    await owner('POST', `/newsletter/issue/${held}/send`);
    await settle(t);
    expect(readerMails().map((m) => m.to[0])).toContain('fan@example.org');

    await setRate(t, 1000, true);
    smtp.messages.length = 0;
    const reserved = await publish(t, '明天见', { reservation: t.clock.now + 3600_000 });
    expect((await owner('POST', `/newsletter/issue/${reserved}/skip`)).json().data).toMatchObject({
      state: 'skipped',
    });
    t.clock.advance(3600_001);
    await t.modules.reservations.publishDue();
    await settle(t);
    expect(readerMails()).toHaveLength(0);
  });

  it('a reservation coming due is mailed once', async () => {
    const id = await publish(t, '定时的', { reservation: t.clock.now + 3600_000 });
    t.clock.advance(3600_001);
    await t.modules.reservations.publishDue();
    await t.modules.reservations.publishDue();
    await settle(t);
    expect(readerMails().filter((m) => m.to.includes('fan@example.org'))).toHaveLength(1);
    expect(await issueOf(id)).toMatchObject({ state: 'done', sent: 2 });
  });

  it('previews an essay’s mail and sends a test mail to the owner', async () => {
    const id = await publish(t, '# 预览\n\n正文');
    await settle(t);
    smtp.messages.length = 0;
    const preview = (await owner('GET', `/newsletter/issue/${id}/preview`)).json().data;
    expect(preview.subject).toBe('预览');
    expect(preview.html).toContain('<h1');
    const test = await owner('POST', `/newsletter/issue/${id}/test`, {});
    expect(test.json().data).toEqual({ to: 'me@candy.example' });
    const mail = await parsed(smtp.messages[0]?.raw ?? '');
    expect(mail.subject).toBe('[测试] 预览');
  });

  it('answers 4010 to a visitor on the owner calls', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/newsletter/subscriber' });
    expect(res.statusCode).toBe(401);
  });
});
