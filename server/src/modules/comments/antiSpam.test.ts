import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bannedWordsMeta, floodLimit } from './antiSpam.ts';
import { commentClient, insertEssay, testOwnerGuard } from './testKit.ts';

const HOUR = 3_600_000;

describe('comment anti-spam', () => {
  let t: TestApp;
  let c: ReturnType<typeof commentClient>;
  let essayId: number;
  let n = 0;
  const fresh = (prefix: string) => `${prefix}-${++n}`;
  const on = (content: string, targetId = essayId) => ({ targetType: 'essay', targetId, content });

  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    c = commentClient(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Every test starts after all earlier hits have left the hour window.
    t.clock.advance(HOUR + 1);
    essayId = await insertEssay(t);
    await t.database.db.deleteFrom('meta_string').where('key', '=', bannedWordsMeta.key).execute();
  });

  describe('rate limits', () => {
    it('refuses a second comment from one device within 10 s with 4290 and Retry-After', async () => {
      const uuid = fresh('fast');
      expect((await c.post(on('first'), { uuid })).statusCode).toBe(200);
      t.clock.advance(4000);
      const res = await c.post(on('second'), { uuid });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe(ErrorCode.rateLimited);
      expect(res.headers['retry-after']).toBe('6');
    });

    it('accepts the next comment once 10 s have passed', async () => {
      const uuid = fresh('patient');
      await c.post(on('first'), { uuid });
      t.clock.advance(10_000);
      expect((await c.post(on('second'), { uuid })).statusCode).toBe(200);
    });

    it('limits by IP too: another device behind the same address waits as well', async () => {
      const ip = '10.77.0.1';
      await c.post(on('first'), { uuid: fresh('a'), ip });
      const res = await c.post(on('second'), { uuid: fresh('b'), ip });
      expect(res.statusCode).toBe(429);
    });

    it('allows 20 comments an hour per device, then answers 4290 until the oldest leaves the hour', async () => {
      const uuid = fresh('chatty');
      const start = t.clock.now;
      for (let i = 0; i < 20; i += 1) {
        expect((await c.post(on(`message ${i}`), { uuid })).statusCode).toBe(200);
        t.clock.advance(10_000);
      }
      const refused = await c.post(on('message 20'), { uuid });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((start + HOUR - t.clock.now) / 1000));
      t.clock.now = start + HOUR;
      expect((await c.post(on('message 21'), { uuid })).statusCode).toBe(200);
    });

    it('does not count a refused attempt against the device', async () => {
      const uuid = fresh('blocked-ip');
      const ip = '10.77.0.2';
      await c.post(on('takes the IP slot'), { uuid: fresh('other'), ip });
      expect((await c.post(on('refused by IP'), { uuid, ip })).statusCode).toBe(429);
      // The device itself never commented, so from another address it may at once.
      expect((await c.post(on('from elsewhere'), { uuid, ip: '10.77.0.3' })).statusCode).toBe(200);
    });

    it('never limits the owner', async () => {
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await c.post(on(`owner ${i}`), { owner: true, uuid: 'owner-device', ip: '10.77.0.4' })).statusCode,
        ).toBe(200);
      }
    });
  });

  describe('duplicates', () => {
    it('refuses the same text from the same device under the same target with 4090', async () => {
      const uuid = fresh('repeat');
      await c.post(on('沙发！'), { uuid });
      t.clock.advance(60_000);
      const res = await c.post(on('  沙发！ '), { uuid });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(ErrorCode.conflict);
    });

    it('accepts the same text from the same device under another target', async () => {
      const uuid = fresh('repeat');
      await c.post(on('nice post'), { uuid });
      t.clock.advance(60_000);
      const other = await insertEssay(t);
      expect((await c.post(on('nice post', other), { uuid })).statusCode).toBe(200);
    });

    it(`refuses the same text posted ${floodLimit} times within an hour by anyone with 4090`, async () => {
      for (let i = 0; i < floodLimit; i += 1) {
        expect(
          (await c.post(on('BUY CHEAP WATCHES', await insertEssay(t)), { uuid: fresh('bot') })).statusCode,
        ).toBe(200);
      }
      const res = await c.post(on('buy cheap watches'), { uuid: fresh('bot') });
      expect(res.statusCode).toBe(409);
    });
  });

  describe('banned words', () => {
    const ban = (words: string) =>
      t.database.db
        .insertInto('meta_string')
        .values({
          group_name: bannedWordsMeta.group,
          key: bannedWordsMeta.key,
          value: words,
          created_at: 0,
          updated_at: 0,
        })
        .execute();

    it.each([
      ['as listed', '欢迎来到赌场玩'],
      ['in another case', 'visit my CASINO'],
      ['split by spaces', 'c a s i n o tonight'],
    ])('refuses content containing a banned word %s with 4000 naming it', async (_, content) => {
      await ban('赌场\ncasino\n');
      const res = await c.post(on(content), { uuid: fresh('spammer') });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].property).toBe('content');
      expect(res.json().errors[0].constraints.bannedWord).toMatch(/不允许的词语/);
    });

    it('refuses a banned word in the guest name', async () => {
      await ban('casino');
      const res = await c.post({ ...on('hello'), guestName: 'Casino King' }, { uuid: fresh('spammer') });
      expect(res.json().errors[0].property).toBe('guestName');
    });

    it('refuses an edit that brings in a banned word', async () => {
      const uuid = fresh('sneaky');
      const id = (await c.post(on('innocent'), { uuid })).json().data.id;
      await ban('casino');
      expect((await c.edit(id, 'now with casino', { uuid })).statusCode).toBe(400);
    });

    it('lets the owner write anything', async () => {
      await ban('casino');
      expect((await c.post(on('casino is a banned word here'), { owner: true })).statusCode).toBe(200);
    });

    it('lets ordinary text through', async () => {
      await ban('casino');
      expect((await c.post(on('a normal comment'), { uuid: fresh('nice') })).statusCode).toBe(200);
    });
  });
});
