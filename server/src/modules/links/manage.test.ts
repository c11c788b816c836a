import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('friend link writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, owner = true) =>
    t.server.inject({
      method,
      url: `/api${url}`,
      headers: owner ? asOwner : {},
      ...(payload ? { payload } : {}),
    });
  const publicList = async () => (await inject('GET', '/blog/link', undefined, false)).json().data;

  it.each([
    ['POST', '/blog/link'],
    ['PUT', '/blog/link/1'],
    ['DELETE', '/blog/link/1'],
  ] as const)('%s %s refuses visitors with 4010', async (method, url) => {
    const res = await inject(method, url, method === 'DELETE' ? undefined : { name: 'x' }, false);
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('creates, edits and deletes; the public list (cached) follows each at once', async () => {
    expect(await publicList()).toEqual([]);
    const created = (await inject('POST', '/blog/link', { name: '小站', url: 'https://a.example/' })).json()
      .data;
    expect(created).toEqual({
      id: expect.any(Number),
      name: '小站',
      url: 'https://a.example/',
      avatar: '',
      description: '',
      state: 1,
    });
    expect((await publicList()).map((l: { name: string }) => l.name)).toEqual(['小站']);
    const edited = (
      await inject('PUT', `/blog/link/${created.id}`, { state: 2, description: '失联了' })
    ).json().data;
    expect(edited).toMatchObject({ state: 2, description: '失联了', name: '小站' });
    expect((await publicList())[0].state).toBe(2);
    expect((await inject('DELETE', `/blog/link/${created.id}`)).json().data).toEqual({ id: created.id });
    expect(await publicList()).toEqual([]);
    expect((await inject('PUT', `/blog/link/${created.id}`, { name: 'x' })).json().code).toBe(
      ErrorCode.notFound,
    );
  });

  it.each([
    [{ name: 'x', url: 'javascript:alert(1)' }, 'url'],
    [{ name: 'x', url: 'ftp://a.example' }, 'url'],
    [{ name: 'x', url: '/relative' }, 'url'],
    [{ name: '', url: 'https://a.example' }, 'name'],
    [{ name: 'x', url: 'https://a.example', avatar: 'data:image/png;base64,AAAA' }, 'avatar'],
    [{ name: 'x', url: 'https://a.example', state: 4 }, 'state'],
  ])('refuses %j with 4000 on %s', async (payload, field) => {
    const res = await inject('POST', '/blog/link', payload);
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(field);
  });
});
