import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';
import { asOwner, saveEmailChannel } from '../../../test/contentFactories.ts';
import type { FakeSmtp } from '../../../test/fakes/pushTargets.ts';
import type { TestApp } from '../../../test/harness.ts';
import { powMaxNumberMeta } from '../comments/proof.ts';
import { proofFor } from '../comments/testKit.ts';

/** A DKIM key pair on disk (the server reads the file) and the TXT record a DNS would publish. */
export const dkimKeys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-dkim-'));
  const file = path.join(dir, 'dkim.pem');
  fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
  return { file, record, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
};

/** The owner's SMTP settings pointing at the fake server, and a fast rate for tests. */
export const setUpMail = async (t: TestApp, smtp: FakeSmtp, ratePerMinute = 1000) => {
  await saveEmailChannel(t, smtp.port);
  await setRate(t, ratePerMinute);
  await t.modules.meta.set(powMaxNumberMeta.group, powMaxNumberMeta.key, '1000');
};

export const setRate = async (t: TestApp, ratePerMinute: number, autoSend = true) => {
  const res = await t.server.inject({
    method: 'PUT',
    url: '/api/newsletter/settings',
    headers: asOwner,
    payload: { ratePerMinute, autoSend },
  });
  expect(res.json().code).toBe(0);
};

let nextIp = 1;
export const subscribe = async (
  t: TestApp,
  email: string,
  ip = `10.43.${(nextIp >> 8) & 255}.${nextIp++ & 255}`,
) =>
  t.server.inject({
    method: 'POST',
    url: '/api/blog/newsletter/subscribe',
    payload: { email, proof: await proofFor(t, ip) },
    remoteAddress: ip,
  });

export const publish = async (t: TestApp, content: string, extra: Record<string, unknown> = {}) => {
  const res = await t.server.inject({
    method: 'POST',
    url: '/api/blog/essay',
    headers: asOwner,
    payload: { content, ...extra },
  });
  expect(res.json().code).toBe(0);
  return (res.json() as { data: { id: number } }).data.id;
};

/** Deliveries and confirmation mails still to send. */
const waiting = async (t: Pick<TestApp, 'database'>) => {
  const deliveries = await t.database.db
    .selectFrom('newsletter_delivery')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  const owed = await t.database.db
    .selectFrom('newsletter_subscriber')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('confirm_wanted_at', 'is not', null)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(deliveries.n) + Number(owed.n);
};

/**
 * Runs the newsletter job until nothing it may send now is left: none waiting, or a run that
 * changed nothing (this minute's rate is used up). The test never waits on a timer.
 */
export const settle = async (t: Pick<TestApp, 'database' | 'modules'>) => {
  const { scheduler } = t.modules;
  await scheduler.idle();
  let left = await waiting(t);
  while (left > 0) {
    await scheduler.runNow('newsletter-send', 'change');
    await scheduler.idle();
    const now = await waiting(t);
    if (now === left) return;
    left = now;
  }
};

export const parsed = (raw: string) => simpleParser(raw);

/** The confirmation link of the last mail to `email`, as a path the app answers. */
export const confirmPathOf = async (smtp: FakeSmtp, email: string): Promise<string> => {
  const mail = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const text = (await parsed(mail.raw)).text ?? '';
  const link = /https:\/\/candy\.example(\/api\/blog\/newsletter\/confirm\?token=[\w-]+)/.exec(text)?.[1];
  if (!link) throw new Error('no confirmation link');
  return link;
};

/** Subscribes and confirms through the mail, as a reader does. */
export const confirmedReader = async (t: TestApp, smtp: FakeSmtp, email: string) => {
  expect((await subscribe(t, email)).json()).toEqual({ code: 0, data: { accepted: true } });
  await settle(t);
  const res = await t.server.inject({ method: 'POST', url: await confirmPathOf(smtp, email) });
  expect(res.json().data).toEqual({ email, confirmed: true });
};
