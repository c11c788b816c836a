import { generate } from 'otplib';
import { seal } from '../src/modules/auth/testing.ts';
import { ORIGIN } from '../src/modules/security/testing.ts';
import type { Probe } from './openapiProbe.ts';
import { createSoftAuthenticator } from './softAuthenticator.ts';

/**
 * Passkeys, TOTP and the fresh-login confirmation (issue 26.1–3): a passkey registered, used to log
 * in and to confirm; TOTP set up, asked for by the password login, turned off; the end.
 */
export const security = async (
  api: Probe,
  owner: { username: string; password: string },
  now: () => number,
) => {
  const page = { headers: { origin: ORIGIN } };
  const authenticator = createSoftAuthenticator(ORIGIN);
  const { options } = await api.ok('passkeyRegisterOptions', { json: {}, ...page });
  await api.fails('passkeyRegisterOptions', { json: {}, as: 'visitor', ...page }, 401);
  const credential = authenticator.register(options.challenge);
  const passkey = await api.ok('passkeyRegister', { json: { name: '探针', credential }, ...page });
  await api.fails('passkeyRegister', { json: { name: '', credential }, ...page }, 400);
  const challenge = async () => (await api.ok('passkeyChallenge', { json: {}, ...page })).options.challenge;
  await api.fails('passkeyChallenge', { json: {}, headers: { origin: 'https://evil.example' } }, 403);
  await api.ok('passkeyLogin', { json: { credential: authenticator.assert(await challenge()) }, ...page });
  await api.fails('passkeyLogin', { json: { credential: authenticator.assert('nope') }, ...page }, 401);
  await api.fails('passkeyLogin', { json: {} }, 400);
  await api.ok('securityConfirm', { json: { credential: authenticator.assert(await challenge()) }, ...page });
  await api.fails('securityConfirm', { json: {} }, 400);

  const setup = await api.ok('totpSetup', { json: {} });
  await api.fails('totpEnable', { json: { code: 'abc' } }, 400);
  const code = await generate({ secret: setup.secret, epoch: Math.floor(now() / 1000) });
  const { recoveryCodes } = await api.ok('totpEnable', { json: { code } });
  await api.fails('totpSetup', { json: {} }, 409);
  const { publicKey } = await api.ok('knock', { json: {} });
  const step = await api.ok('login', {
    json: { username: owner.username, password: seal(publicKey, owner.password) },
  });
  const ticket = 'ticket' in step ? step.ticket : '';
  await api.fails('loginTotp', { json: { ticket, code: '000000' } }, 401);
  await api.fails('loginTotp', { json: { ticket, code: 'x' } }, 400);
  await api.ok('loginTotp', { json: { ticket, code: recoveryCodes[0] } });
  await api.fails('totpDisable', { json: { code: '000000' } }, 403);
  await api.ok('totpDisable', { json: { credential: authenticator.assert(await challenge()) }, ...page });

  await api.ok('passkeyDelete', { params: { id: passkey.id } });
  await api.fails('passkeyDelete', { params: { id: 999_999 } }, 404);
  // `revokeOtherSessions` runs with the sessions, last: it would end the ones they revoke one by one.
};
