import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bannedWordsMeta, floodLimit } from './antiSpam.ts';
import { commentClient, insertEssay, proofFor, testOwnerGuard } from './testKit.ts';

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

    describe('edits (issue 40.2: 30 of 30 rapid edits went through)', () => {
      it('refuses 29 of 30 rapid edits by one device with 4290, each with a solved proof', async () => {
        const uuid = fresh('rewriter');
        const id = (await c.post(on('first version'), { uuid })).json().data.id;
        const codes: number[] = [];
        for (let i = 0; i < 30; i += 1) codes.push((await c.edit(id, `version ${i}`, { uuid })).statusCode);
        expect(codes[0]).toBe(200);
        expect(codes.slice(1)).toEqual(Array(29).fill(429));
        t.clock.advance(10_000);
        expect((await c.edit(id, 'after a pause', { uuid })).statusCode).toBe(200);
      });

      it('limits edits by address too, and counts them apart from posts', async () => {
        const ip = '10.77.1.1';
        const a = fresh('editor-a');
        const b = fresh('editor-b');
        const first = (await c.post(on('by a'), { uuid: a, ip })).json().data.id;
        t.clock.advance(10_000);
        const second = (await c.post(on('by b'), { uuid: b, ip })).json().data.id;
        // Fixing a typo right after posting is not refused by the post just made.
        expect((await c.edit(second, 'by b, fixed', { uuid: b, ip })).statusCode).toBe(200);
        const res = await c.edit(first, 'by a, fixed', { uuid: a, ip });
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe(ErrorCode.rateLimited);
      });

      it('allows 20 edits an hour per device', async () => {
        const uuid = fresh('steady-editor');
        const id = (await c.post(on('draft'), { uuid })).json().data.id;
        for (let i = 0; i < 20; i += 1) {
          expect((await c.edit(id, `draft ${i}`, { uuid })).statusCode).toBe(200);
          t.clock.advance(10_000);
        }
        expect((await c.edit(id, 'draft 20', { uuid })).statusCode).toBe(429);
      });

      it('refuses a visitor’s edit without a proof (4033) or with a spent one (4036)', async () => {
        const uuid = fresh('no-work');
        const ip = '10.77.1.2';
        const id = (await c.post(on('unproven'), { uuid })).json().data.id;
        const bare = await c.edit(id, 'changed for free', { uuid, noProof: true });
        expect(bare.statusCode).toBe(403);
        expect(bare.json().code).toBe(ErrorCode.proofRequired);
        const proof = await proofFor(t, ip);
        const send = () =>
          t.server.inject({
            method: 'PUT',
            url: `/api/blog/comment/${id}`,
            payload: { content: 'changed with work', proof },
            headers: { 'x-uuid': uuid },
            remoteAddress: ip,
          });
        expect((await send()).statusCode).toBe(200);
        t.clock.advance(10_000);
        expect((await send()).json().code).toBe(ErrorCode.proofReused);
        const listed = (await c.list({ targetType: 'essay', targetId: essayId })).json().data.list;
        expect(listed.map((x: { content: string }) => x.content)).toEqual(['changed with work']);
      });

      it('never limits the owner’s edits nor asks them for a proof', async () => {
        const id = (await c.post(on('owner text'), { owner: true, uuid: 'owner-device' })).json().data.id;
        for (let i = 0; i < 5; i += 1) {
          expect(
            (await c.edit(id, `owner edit ${i}`, { owner: true, uuid: 'owner-device' })).statusCode,
          ).toBe(200);
        }
      });
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
      ['split by a zero-width space', '欢迎来到赌\u200b场玩'],
      ['split by a soft hyphen', 'visit my cas\u00adino'],
      ['in Cyrillic look-alikes', 'visit my саsinо'],
      ['with a combining accent', 'visit my casi\u0301no'],
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

    it('refuses an edit that brings in a disguised banned word, naming the word as listed', async () => {
      const uuid = fresh('sneakier');
      const id = (await c.post(on('innocent too'), { uuid })).json().data.id;
      await ban('Casino');
      const res = await c.edit(id, 'now with c\u200bаsinо', { uuid });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].constraints.bannedWord).toBe('内容包含不允许的词语「Casino」');
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
