import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET, redirectTarget } from './redirectTarget.ts';

describe('redirectTarget', () => {
  it.each([
    ['?redirect=%2Fgreat-old-one%2Fchaos', '/great-old-one/chaos'],
    ['?redirect=%2Fgreat-old-one%2Fcron%3Fa%3D1', '/great-old-one/cron?a=1'],
    ['?redirect=/moments', '/moments'],
  ])('follows %s to %s', (search, expected) => {
    expect(redirectTarget(search)).toBe(expected);
  });

  it.each([
    [''],
    ['?redirect='],
    ['?redirect=https%3A%2F%2Fevil.example'],
    ['?redirect=%2F%2Fevil.example'],
    ['?redirect=%2F%5Cevil.example'],
    ['?redirect=javascript%3Aalert(1)'],
    ['?redirect=%2Fcontract'],
  ])('falls back to the back office for %j', (search) => {
    expect(redirectTarget(search)).toBe(DEFAULT_TARGET);
  });
});
