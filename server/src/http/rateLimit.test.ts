import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { AppError } from './errors.ts';
import { createRateLimiter, type RateLimiter } from './rateLimit.ts';

const oncePer10s = [{ limit: 1, windowMs: 10_000 }];

describe('database-backed rate limiter', () => {
  let t: TestApp;
  let limiter: RateLimiter;
  beforeAll(async () => {
    t = await createTestApp();
    limiter = createRateLimiter(t.database.db, () => t.clock.now);
  });
  afterAll(() => t.close());

  const outcome = (promise: Promise<void>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof AppError ? error.code : 'other'),
    );

  it('lets exactly one of many concurrent hits take the last slot', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => outcome(limiter.hit(['race'], oncePer10s))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === ErrorCode.rateLimited)).toHaveLength(7);
  });

  it('agrees across limiter instances, as replicas sharing one database do', async () => {
    const other = createRateLimiter(t.database.db, () => t.clock.now);
    await limiter.hit(['shared'], oncePer10s);
    expect(await outcome(other.hit(['shared'], oncePer10s))).toBe(ErrorCode.rateLimited);
  });

  it('sets Retry-After to the whole seconds left, rounded up', async () => {
    await limiter.hit(['retry'], oncePer10s);
    t.clock.advance(2500);
    const error = await limiter.hit(['retry'], oncePer10s).catch((e: unknown) => e);
    expect((error as AppError).headers).toEqual({ 'retry-after': '8' });
  });

  it('sweeps buckets whose hits have all expired', async () => {
    await limiter.hit(['old'], oncePer10s);
    t.clock.advance(60 * 60_000);
    await limiter.hit(['new'], oncePer10s);
    const buckets = await t.database.db.selectFrom('rate_limit').select('bucket').execute();
    expect(buckets.map((b) => b.bucket)).not.toContain('old');
  });
});
