import type { CallBody, Calls } from '@candy/contract';
import { ErrorCode } from '@candy/contract/codes';

import type { RouteName } from '@candy/contract/routes';
import { appState, isOffline } from '../../../core/appState.ts';
import { ensureHandshake, resetHandshake } from '../../../core/handshake.ts';
import { notify } from '../../../core/notify.ts';
import { RequestError, rawCall } from '../../../core/request.ts';
import { spec } from '../../../i18n/i18n.ts';
import { sealText } from './seal.ts';

type Seal = (text: string) => Promise<string>;

/**
 * A call whose body carries secrets sealed under the live handshake (login, password change).
 * The body is built afresh for each attempt: after a 4032 the device knocks again and the secrets
 * are sealed under the new key before the one retry (spec §4).
 */
export const callSealed = async <N extends RouteName>(
  name: N,
  build: (seal: Seal) => Promise<CallBody<Calls[N]>>,
  options: { silent?: boolean } = {},
) => {
  if (isOffline()) {
    notify('error', spec('offlineWrite'));
    throw new RequestError(0, spec('offlineWrite'));
  }
  const attempt = async () => {
    await ensureHandshake();
    const publicKey = appState.get().temporaryPublicKey;
    return rawCall(name, { body: await build((text) => sealText(publicKey, text)), silent: options.silent });
  };
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof RequestError) || error.code !== ErrorCode.handshakeExpired) throw error;
    resetHandshake();
    return attempt();
  }
};
