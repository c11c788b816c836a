import { describe, expect, it } from 'vitest';
import { proofRefusals } from './calls/commentModeration.ts';
import { ErrorCode, httpStatusOf } from './codes.ts';

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

  it('has a Chinese message for each proof-of-work refusal, one code per cause', () => {
    const proofCodes = [
      ErrorCode.proofRequired,
      ErrorCode.proofInvalid,
      ErrorCode.proofExpired,
      ErrorCode.proofReused,
    ];
    expect(Object.keys(proofRefusals).map(Number)).toEqual(proofCodes);
    expect(new Set(Object.values(proofRefusals)).size).toBe(proofCodes.length);
    for (const message of Object.values(proofRefusals)) expect(message).toMatch(/[\u4e00-\u9fff]/);
  });
});
