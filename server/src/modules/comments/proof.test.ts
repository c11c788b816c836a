import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReplica, createTestApp, type TestApp } from '../../../test/harness.ts';
import { busyWindowMs, challengeLifetimeMs, maxNumberFor } from './proof.ts';
import {
  commentClient,
  fetchChallenge,
  insertEssay,
  proofFor,
  solveProof,
  testMaxNumber,
  testOwnerGuard,
} from './testKit.ts';

describe('proof of work on comments (ALTCHA)', () => {
  let t: TestApp;
  let c: ReturnType<typeof commentClient>;
  let essayId: number;
  let n = 0;
  const uuid = () => `pow-visitor-${++n}`;
  const on = (content: string, extra: Record<string, unknown> = {}) => ({
    targetType: 'essay',
    targetId: essayId,
    content,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    c = commentClient(t);
    // The first post lowers the difficulty for the whole file (testKit), before any challenge is fetched.
    await c.post(
      { targetType: 'essay', targetId: await insertEssay(t), content: 'warm-up' },
      { owner: true },
    );
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.advance(10_001);
    essayId = await insertEssay(t);
  });

  const refusal = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    code: (res.json() as { code: number }).code,
  });

  it('refuses a visitor comment without a proof with 4033 and a Chinese message', async () => {
    const res = await c.post(on('no proof'), { uuid: uuid(), noProof: true });
    expect(refusal(res)).toEqual({ status: 403, code: ErrorCode.proofRequired });
    expect(res.json().errorMsg).toBe('请先完成人机验证再发表');
  });

  it('accepts a solved challenge once; the same proof again is refused with 4036', async () => {
    const ip = '10.7.0.1';
    const proof = await proofFor(t, ip);
    const first = await c.post(on('first use', { proof }), { uuid: uuid(), ip });
    expect(first.json().code).toBe(0);
    t.clock.advance(10_001);
    const again = await c.post(on('second use', { proof }), { uuid: uuid(), ip });
    expect(refusal(again)).toEqual({ status: 403, code: ErrorCode.proofReused });
  });

  it('refuses a proof spent on another replica of the same database', async () => {
    const replica = await createReplica(t, { ownerGuard: testOwnerGuard });
    try {
      const proof = await proofFor(t, '10.7.0.2');
      const first = await c.post(on('on replica one', { proof }), { uuid: uuid(), ip: '10.7.0.2' });
      expect(first.json().code).toBe(0);
      const second = await replica.server.inject({
        method: 'POST',
        url: '/api/blog/comment',
        payload: on('on replica two', { proof }),
        headers: { 'x-uuid': uuid() },
        remoteAddress: '10.7.0.3',
      });
      expect(refusal(second)).toEqual({ status: 403, code: ErrorCode.proofReused });
    } finally {
      await replica.close();
    }
  });

  it('accepts on one replica a challenge the other signed (the key is shared through the database)', async () => {
    const replica = await createReplica(t, { ownerGuard: testOwnerGuard });
    try {
      const proof = await proofFor(replica, '10.7.0.4');
      const res = await c.post(on('signed by the other', { proof }), { uuid: uuid(), ip: '10.7.0.4' });
      expect(res.json().code).toBe(0);
    } finally {
      await replica.close();
    }
  });

  it('refuses an expired proof with 4035', async () => {
    const proof = await proofFor(t, '10.7.0.5');
    t.clock.advance(challengeLifetimeMs + 1000);
    const res = await c.post(on('too late', { proof }), { uuid: uuid(), ip: '10.7.0.5' });
    expect(refusal(res)).toEqual({ status: 403, code: ErrorCode.proofExpired });
  });

  it.each([
    ['not base64 JSON', () => Promise.resolve('@@@not-a-proof')],
    [
      'a wrong solution',
      async () => {
        const challenge = await fetchChallenge(t, '10.7.0.6');
        const payload = JSON.parse(Buffer.from(await solveProof(challenge), 'base64').toString());
        payload.solution.counter += 1;
        return Buffer.from(JSON.stringify(payload)).toString('base64');
      },
    ],
    [
      'a challenge with its difficulty changed (signature no longer matches)',
      async () => {
        const challenge = await fetchChallenge(t, '10.7.0.6');
        const forged = { ...challenge, parameters: { ...challenge.parameters, data: { maxNumber: 1 } } };
        return solveProof(forged);
      },
    ],
    [
      'a challenge signed with another key',
      async () => {
        const challenge = await fetchChallenge(t, '10.7.0.6');
        return solveProof({ ...challenge, signature: '0'.repeat(64) });
      },
    ],
  ])('refuses %s with 4034', async (_name, make) => {
    const res = await c.post(on('forged', { proof: await make() }), { uuid: uuid(), ip: '10.7.0.6' });
    expect(refusal(res)).toEqual({ status: 403, code: ErrorCode.proofInvalid });
  });

  it('answers 4000, not 500, for a proof that is not a string', async () => {
    const res = await c.post(on('typed wrong', { proof: 42 }), { uuid: uuid() });
    expect(refusal(res)).toEqual({ status: 400, code: ErrorCode.validation });
    expect(res.json().errors[0].property).toBe('proof');
  });

  it('lets the owner comment without a proof', async () => {
    const res = await c.post(on('owner writes freely'), { owner: true, uuid: 'owner-device' });
    expect(res.json().code).toBe(0);
  });

  it('raises the difficulty for an address that posts often', async () => {
    const ip = '10.7.0.9';
    const difficulty = async () => (await fetchChallenge(t, ip)).parameters.data?.maxNumber;
    expect(await difficulty()).toBe(testMaxNumber);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(10_001);
      expect((await c.post(on(`busy ${i}`), { uuid: uuid(), ip })).json().code).toBe(0);
    }
    expect(await difficulty()).toBe(testMaxNumber * 2);
    // Calm again once the posts leave the window.
    t.clock.advance(busyWindowMs);
    expect(await difficulty()).toBe(testMaxNumber);
    // Another address is not slowed down.
    expect((await fetchChallenge(t, '10.7.0.10')).parameters.data?.maxNumber).toBe(testMaxNumber);
  });

  it('raises the difficulty for an address that edits often, as for one that posts (issue 40.2)', async () => {
    const ip = '10.7.0.11';
    const author = uuid();
    const difficulty = async () => (await fetchChallenge(t, ip)).parameters.data?.maxNumber;
    const id = (await c.post(on('first words'), { uuid: author, ip: '10.7.0.12' })).json().data.id;
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(10_001);
      expect((await c.edit(id, `second thoughts ${i}`, { uuid: author, ip })).json().code).toBe(0);
    }
    expect(await difficulty()).toBe(testMaxNumber * 2);
    t.clock.advance(busyWindowMs);
    expect(await difficulty()).toBe(testMaxNumber);
  });

  it.each([
    [0, 1000],
    [3, 1000],
    [4, 2000],
    [5, 4000],
    [20, 8000],
  ])('after %i posts in ten minutes the difficulty is %i (base 1000)', (posts, expected) => {
    expect(maxNumberFor(1000, posts)).toBe(expected);
  });
});
