import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { commentClient } from '../comments/testKit.ts';

describe('meta strings', () => {
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

  it.each([
    ['GET', '/meta/string'],
    ['GET', '/meta/string/map'],
    ['GET', '/meta/string/group/site'],
    ['POST', '/meta/string/group'],
    ['PUT', '/meta/string/any/1'],
    ['DELETE', '/meta/string/any/1'],
  ] as const)('%s %s refuses visitors with 4010', async (method, url) => {
    const res = await inject(
      method,
      url,
      method === 'POST' || method === 'PUT' ? { value: 'x' } : undefined,
      false,
    );
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('creates strings in groups, lists them three ways, refuses a duplicate (4090), edits and deletes', async () => {
    const a = (
      await inject('POST', '/meta/string/group', { group: 'misc', key: 'motto', value: '你好' })
    ).json().data;
    expect(a).toMatchObject({ id: expect.any(Number), group: 'misc', key: 'motto', value: '你好' });
    const dup = await inject('POST', '/meta/string/group', { group: 'misc', key: 'motto', value: 'x' });
    expect(dup.json().code).toBe(ErrorCode.conflict);
    expect((await inject('GET', '/meta/string/map')).json().data).toMatchObject({ 'misc.motto': '你好' });
    expect(
      (await inject('GET', '/meta/string/group/misc')).json().data.map((s: { key: string }) => s.key),
    ).toEqual(['motto']);
    expect((await inject('GET', '/meta/string')).json().data.some((s: { id: number }) => s.id === a.id)).toBe(
      true,
    );
    expect((await inject('PUT', `/meta/string/any/${a.id}`, { value: '再见' })).json().data.value).toBe(
      '再见',
    );
    expect((await inject('DELETE', `/meta/string/any/${a.id}`)).json().data).toEqual({ id: a.id });
    expect((await inject('GET', '/meta/string/group/misc')).json().data).toEqual([]);
  });

  it('shows the server’s own strings read-only: a secret is never answered, none can be created, changed or deleted (4030)', async () => {
    await t.modules.meta.set('comment', 'avatar-key', 'a-very-secret-hmac-key');
    await t.modules.meta.set('system', 'demo-seeded', '1');
    const listed = (await inject('GET', '/meta/string')).json().data as {
      id: number;
      key: string;
      value: string;
    }[];
    const secret = listed.find((s) => s.key === 'avatar-key');
    const marker = listed.find((s) => s.key === 'demo-seeded');
    expect(secret?.value).toBe('••••••');
    expect(marker?.value).toBe('1');
    expect(JSON.stringify((await inject('GET', '/meta/string/map')).json())).not.toContain('a-very-secret');
    for (const res of [
      await inject('PUT', `/meta/string/any/${secret?.id}`, { value: 'mine' }),
      await inject('DELETE', `/meta/string/any/${marker?.id}`),
      await inject('POST', '/meta/string/group', { group: 'system', key: 'demo-seeded', value: '2' }),
    ])
      expect(res.json()).toMatchObject({
        code: ErrorCode.forbidden,
        errorMsg: expect.stringContaining('由系统维护'),
      });
    expect(await t.modules.meta.get('comment', 'avatar-key')).toBe('a-very-secret-hmac-key');
    expect(await t.modules.meta.get('system', 'demo-seeded')).toBe('1');
  });

  it.each([
    ['site', 'footer-tags', 'not json'],
    ['site', 'footer-tags', '[{"name":"x","href":"javascript:alert(1)"}]'],
    ['site', 'footer-tags', '{"name":"x"}'],
    ['system', 'dokkiri', 'yes'],
    ['site', 'contact', 'javascript:alert(1)'],
  ])('refuses a malformed %s.%s with 4000 on value', async (group, key, value) => {
    const res = await inject('POST', '/meta/string/group', { group, key, value });
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(res.json().errors[0].property).toBe('value');
  });

  it('the footer settings follow an edit at once, and a banned word refuses comments without a restart', async () => {
    const site = async () => (await inject('GET', '/meta/site', undefined, false)).json().data;
    expect(await site()).toEqual({ footerTags: null, contact: '', notices: [] });
    const tags = JSON.stringify([{ name: '新标签', href: '/utils', title: '工具' }]);
    const created = (
      await inject('POST', '/meta/string/group', { group: 'site', key: 'footer-tags', value: tags })
    ).json().data;
    expect((await site()).footerTags).toEqual([{ name: '新标签', href: '/utils', title: '工具' }]);
    const more = JSON.stringify([{ name: '另一个', href: 'https://x.example', title: '' }]);
    await inject('PUT', `/meta/string/any/${created.id}`, { value: more });
    expect((await site()).footerTags[0].name).toBe('另一个');
    const badEdit = await inject('PUT', `/meta/string/any/${created.id}`, { value: '[1]' });
    expect(badEdit.json().code).toBe(ErrorCode.validation);

    const [essayId] = await insertEssays(t, [{ content: '随笔' }]);
    let n = 0;
    const comment = (content: string) =>
      commentClient(t).post(
        { targetType: 'essay', targetId: essayId, content },
        { uuid: `meta-visitor-${++n}` },
      );
    expect((await comment('一条正常的评论')).statusCode).toBe(200);
    await inject('POST', '/meta/string/group', {
      group: 'comment',
      key: 'banned-words',
      value: '坏词\n另一个',
    });
    const refused = await comment('这里有坏词');
    expect(refused.json().code).toBe(ErrorCode.validation);
    expect(refused.json().errorMsg + JSON.stringify(refused.json().errors)).toContain('坏词');
  });
});
