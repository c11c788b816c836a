import { ErrorCode } from '@candy/contract/codes';
import { Texts } from '@candy/contract/constants';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../core/errors.ts';
import { refusalOf } from './refusal.ts';

/** Issue 41.9: a refused comment shows under the form and in the spec's toast (§8). */
describe('refusalOf', () => {
  it('gives the toast the spec’s `[property]: constraint` lines, and the form one sentence', () => {
    const error = new RequestError(ErrorCode.validation, '参数校验失败', {
      errors: [{ property: 'guestEmail', constraints: { email: '邮箱格式不对' } }],
    });
    expect(refusalOf(error)).toMatchObject({
      inline: '参数校验失败；邮箱格式不对',
      toast: '参数校验失败\n[guestEmail]: 邮箱格式不对',
      toasted: false,
    });
  });

  it('says offline that the comment waits for the site to be online, and offers no retry', () => {
    const refusal = refusalOf(new RequestError(0, Texts.offlineWrite));
    expect(refusal.toast).toBe(Texts.offlineWrite);
    expect(refusal.inline).toContain('在线时才能发表');
    expect(refusal.inline).not.toContain('重试');
  });
});
