import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('emotes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async () => (await t.server.inject({ method: 'GET', url: '/api/blog/emote/list' })).json();

  it('lists the built-in set to anyone', async () => {
    const { code, data } = await list();
    expect(code).toBe(0);
    expect(data).toContainEqual({ code: '[doge]', group: 'emoji', type: 'text', value: '🐶' });
    expect(data).toContainEqual(expect.objectContaining({ code: '[微笑]' }));
  });

  it('gives every emote a unique bracketed code', async () => {
    const codes = (await list()).data.map((e: { code: string }) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\[[^[\]]+\]$/);
  });
});
