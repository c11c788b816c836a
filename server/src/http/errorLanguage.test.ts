import { ErrorCode, Texts } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { said, sayIn, spec } from '../i18n/said.ts';
import { insertEssay } from '../modules/comments/testKit.ts';
import { AppError, invalidField, notFound } from './errors.ts';

/**
 * The server's own messages in the caller's language (issue 44): a keyed message (`said(…)`) is
 * rendered in the language of `Accept-Language`, the errorMsg and each field's constraint alike;
 * a Chinese caller (or one who names no language) gets exactly the Chinese of before. Over real
 * HTTP, so the header goes the whole way a browser's does.
 */
describe('refusals in the caller’s language', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    base = await t.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const call = async (
    method: string,
    path: string,
    language: string | null,
    body?: unknown,
    /** A visitor's call (a browser of its own), not the owner's. */
    visitor?: string,
  ) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(visitor ? { 'x-uuid': visitor } : asOwner),
        ...(language ? { 'accept-language': language } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return {
      status: res.status,
      vary: res.headers.get('vary'),
      body: (await res.json()) as Record<string, unknown>,
    };
  };

  it('a module’s not-found: English to an English caller, the Chinese of before to a Chinese one', async () => {
    const en = await call('GET', '/todolist/realtodo/987654', 'en-GB,en;q=0.9');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ code: ErrorCode.notFound, data: null, errorMsg: 'To-do not found' });
    expect(en.vary).toContain('accept-language');

    const zh = await call('GET', '/todolist/realtodo/987654', 'zh-CN,zh;q=0.9');
    expect(zh.body).toEqual({ code: ErrorCode.notFound, data: null, errorMsg: '待办不存在' });
    // No language named: Chinese, the source language, as before issue 44.
    expect((await call('GET', '/todolist/realtodo/987654', null)).body.errorMsg).toBe('待办不存在');
  });

  it('a field constraint of invalidField: in the caller’s language, beside the code’s message', async () => {
    const en = await call('PUT', '/todolist/realtodo', 'en', { order: [987654] });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      code: ErrorCode.validation,
      data: null,
      errorMsg: 'Some fields are not valid: see the messages',
      errors: [{ property: 'order', constraints: { unknownId: 'To-do 987654 does not exist' } }],
    });

    const zh = await call('PUT', '/todolist/realtodo', 'zh-CN', { order: [987654] });
    expect(zh.body).toEqual({
      code: ErrorCode.validation,
      data: null,
      errorMsg: '填写的内容有误，请按提示修改',
      errors: [{ property: 'order', constraints: { unknownId: '待办 987654 不存在' } }],
    });
  });

  it('the server’s own field messages too (a body that is not JSON)', async () => {
    const en = await call('PUT', '/todolist/realtodo', 'en', '{"order": [');
    expect(en.body.errors).toEqual([
      { property: 'body', constraints: { json: 'The request body is not valid JSON' } },
    ]);
    const zh = await call('PUT', '/todolist/realtodo', 'zh', '{"order": [');
    expect(zh.body.errors).toEqual([{ property: 'body', constraints: { json: '请求体不是合法的 JSON' } }]);
  });

  it('a contract rule’s message (an essay with no content): English, or the Chinese of before', async () => {
    const en = await call('POST', '/blog/essay', 'en', { content: '  ' });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      code: ErrorCode.validation,
      data: null,
      errorMsg: 'Some fields are not valid: see the messages',
      errors: [{ property: 'content', constraints: { custom: 'The content cannot be empty' } }],
    });
    const zh = await call('POST', '/blog/essay', 'zh-CN', { content: '  ' });
    expect(zh.body.errors).toEqual([{ property: 'content', constraints: { custom: '内容不能为空' } }]);
  });

  it('a visitor’s form: a bad subscription address, a comment too long (the bound said in the message)', async () => {
    const email = { email: 'not-an-address' };
    const en = await call('POST', '/blog/newsletter/subscribe', 'en-US', email, 'lang-visitor-1');
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual([
      { property: 'email', constraints: { invalid_format: 'This is not a valid e-mail address' } },
    ]);
    const zh = await call('POST', '/blog/newsletter/subscribe', 'zh-CN', email, 'lang-visitor-1');
    expect(zh.body.errors).toEqual([{ property: 'email', constraints: { invalid_format: '邮箱格式不对' } }]);

    const comment = { targetType: 'essay', targetId: 1, content: 'x'.repeat(2001) };
    const long = await call('POST', '/blog/comment', 'en', comment, 'lang-visitor-2');
    expect(long.body.errors).toEqual([
      { property: 'content', constraints: { too_big: 'A comment has at most 2000 characters' } },
    ]);
    const longZh = await call('POST', '/blog/comment', 'zh-CN', comment, 'lang-visitor-2');
    expect(longZh.body.errors).toEqual([
      { property: 'content', constraints: { too_big: '评论最多 2000 字' } },
    ]);
  });

  it('a proof-of-work refusal (4033): its fixed message in English, or the Chinese of before', async () => {
    const comment = { targetType: 'essay', targetId: await insertEssay(t), content: 'no proof' };
    const en = await call('POST', '/blog/comment', 'en', comment, 'lang-visitor-3');
    expect(en.status).toBe(403);
    expect(en.body).toEqual({
      code: ErrorCode.proofRequired,
      data: null,
      errorMsg: 'Please complete the human check before posting',
    });
    const zh = await call('POST', '/blog/comment', 'zh-CN', comment, 'lang-visitor-3');
    expect(zh.body.errorMsg).toBe('请先完成人机验证再发表');
  });
});

describe('keyed messages', () => {
  it('keep the Chinese as the error’s message, for logs and callers of before', () => {
    const error = invalidField('order', 'unknownId', said('error.todos.unknownId', { id: 3 }));
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('填写的内容有误，请按提示修改');
    expect(error.errors).toEqual([{ property: 'order', constraints: { unknownId: '待办 3 不存在' } }]);
    expect(notFound(said('error.todos.notFound')).message).toBe('待办不存在');
  });

  it('say a message given as a value in the same language', () => {
    const inner = said('error.todos.unknownId', { id: 7 });
    const outer = said('error.code.5000', { requestId: inner });
    expect(sayIn('en', outer)).toBe('Internal server error (request id To-do 7 does not exist)');
    expect(sayIn('zh-CN', outer)).toBe('服务器内部错误 (request id 待办 7 不存在)');
  });

  it('say a specification text word for word from Texts in Chinese', () => {
    const message = spec(Texts.musicNotFound(42), 'error.music.notFound', { id: 42 });
    expect(sayIn('zh-CN', message)).toBe('没有找到对应的音乐: 42');
    expect(sayIn('en', message)).toBe('No such track: 42');
  });
});
