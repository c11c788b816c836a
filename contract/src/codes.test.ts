import { describe, expect, it } from 'vitest';
import { loginRefusalCodes } from './calls/auth.ts';
import { proofRefusalCodes } from './calls/commentModeration.ts';
import { ErrorCode, httpStatusOf } from './codes.ts';
import { allLanguages } from './languages.ts';
import { serverCatalogues } from './serverCatalogues.ts';

describe('business codes', () => {
  // DESIGN §3: a code is its HTTP status with one more digit, so a reader of either knows the other.
  // 4032 is the one exception (it travels as 200 so the client's envelope handling re-knocks).
  it.each(
    Object.entries(ErrorCode).filter(
      ([, code]) => code !== ErrorCode.ok && code !== ErrorCode.handshakeExpired,
    ),
  )('%s (%i) travels with the HTTP status its first three digits name', (_name, code) => {
    expect(httpStatusOf[code]).toBe(Math.floor(code / 10));
  });

  it('gives an oversized header block its own code, paired with 431, apart from a large body (413)', () => {
    expect(httpStatusOf[ErrorCode.headersTooLarge]).toBe(431);
    expect(httpStatusOf[ErrorCode.payloadTooLarge]).toBe(413);
  });

  it('has a fixed message for each proof-of-work refusal, one code per cause, in every language', () => {
    const proofCodes = [
      ErrorCode.proofRequired,
      ErrorCode.proofInvalid,
      ErrorCode.proofExpired,
      ErrorCode.proofReused,
    ];
    expect([...proofRefusalCodes]).toEqual(proofCodes);
    expect([...loginRefusalCodes]).toEqual([ErrorCode.loginProofRequired]);
    for (const language of allLanguages) {
      const messages = [...proofCodes, ...loginRefusalCodes].map(
        (code) => serverCatalogues[language][`error.code.${code}`],
      );
      expect(new Set(messages).size, language).toBe(messages.length);
    }
    // The specification's words (issues 25 and 40.4), as the Chinese comment form and login page show them.
    expect(proofCodes.map((code) => serverCatalogues['zh-CN'][`error.code.${code}`])).toEqual([
      '请先完成人机验证再发表',
      '人机验证没有通过，请重试',
      '人机验证已过期，请重新验证',
      '人机验证已经用过了，请重新验证',
    ]);
    expect(serverCatalogues['zh-CN'][`error.code.${ErrorCode.loginProofRequired}`]).toBe(
      '登录失败次数较多，请先完成人机验证',
    );
  });
});
