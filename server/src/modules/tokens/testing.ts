import type { CreatedToken, TokenCreateInput } from '@candy/contract/calls/tokens';
import type { TestApp } from '../../../test/harness.ts';

/** Creates a token through the real call, as the owner's (fresh) browser session `key`. */
export const createToken = async (
  t: TestApp,
  key: string,
  input: TokenCreateInput,
): Promise<CreatedToken> => {
  const res = await t.server.inject({
    method: 'POST',
    url: '/api/user/token',
    headers: { 'x-fingerprint': key },
    payload: input,
  });
  const body = res.json();
  if (body.code !== 0) throw new Error(`token create failed: ${res.body}`);
  return body.data as CreatedToken;
};

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
