import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fakes/pushTargets.ts';
import { createReplica, createTestApp, type TestApp } from '../../../test/harness.ts';
import { STALE_CLAIM_MS } from './sender.ts';
import { publish, settle, setUpMail } from './testKit.ts';

const READERS = 500;

describe('a mailing survives a restart', () => {
  let t: TestApp;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { SITE_DOMAINS: 'candy.example', PUSH_ALLOW_LOOPBACK: 'true' },
    });
    await setUpMail(t, smtp);
    await t.database.db
      .insertInto('newsletter_subscriber')
      .values(
        Array.from({ length: READERS }, (_, i) => ({
          email: `reader${i}@example.org`,
          status: 'confirmed' as const,
          source: 'import' as const,
          confirmed_at: t.clock.now,
          created_at: t.clock.now,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const received = () => smtp.messages.flatMap((m) => m.to).filter((to) => to.endsWith('@example.org'));

  it('a replica stopped in the middle of a 500-reader send: the other finishes it, nobody gets it twice or not at all', async () => {
    const replica = await createReplica(t, { ownerGuard: testOwnerGuard });
    const started = await replica.server.inject({
      method: 'POST',
      url: '/api/blog/essay',
      headers: { 'x-fingerprint': 'test-owner-key' },
      payload: { content: '五百位读者' },
    });
    expect(started.json().code).toBe(0);
    // The publication kicked the job on the replica; stop the replica once it is well under way.
    for (let i = 0; i < 400 && received().length < 100; i += 1) await new Promise((r) => setTimeout(r, 10));
    await replica.close();
    const beforeRestart = received().length;
    expect(beforeRestart).toBeGreaterThanOrEqual(100);
    expect(beforeRestart).toBeLessThan(READERS);

    await settle(t);
    const all = received();
    expect(new Set(all).size).toBe(READERS);
    expect(all).toHaveLength(READERS);
  });

  it('a delivery claimed by a run that died is sent once its claim is stale, with the same Message-ID', async () => {
    // Two readers are enough here.
    await t.database.db
      .updateTable('newsletter_subscriber')
      .set({ status: 'unsubscribed' })
      .where('email', 'not in', ['reader0@example.org', 'reader1@example.org'])
      .execute();
    t.clock.advance(2 * 60_000);
    const id = await publish(t, '领取后宕机');
    // A run claimed the first delivery, then its process died before it could say how it went.
    const first = await t.database.db
      .selectFrom('newsletter_delivery')
      .select(['id', 'subscriber_id'])
      .where('essay_id', '=', id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.modules.scheduler.idle();
    smtp.messages.length = 0;
    await t.database.db
      .updateTable('newsletter_delivery')
      .set({ status: 'sending', claimed_at: t.clock.now, sent_at: null })
      .where('id', '=', first.id)
      .execute();
    t.clock.advance(60_001);
    await settle(t);
    expect(smtp.messages).toHaveLength(0);
    t.clock.advance(STALE_CLAIM_MS);
    await settle(t);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.raw).toMatch(
      new RegExp(`^Message-ID: <essay-${id}\\.${first.subscriber_id}@candy\\.example>`, 'm'),
    );
  });
});
