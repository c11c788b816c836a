import { Limits } from '@candy/contract/constants';
import { appState } from './appState.ts';

/** Does the knock itself; request.ts registers it (handshake.ts must not import request.ts). */
type Knock = () => Promise<{ publicKey: string; dokkiri: boolean }>;

let knock: Knock | null = null;
let knockedAt = 0;
let pending: Promise<void> | null = null;

export const setKnock = (fn: Knock): void => {
  knock = fn;
};

/** Forgets the handshake, so the next call knocks again (after a 4032, or a host switch). */
export const resetHandshake = (): void => {
  knockedAt = 0;
  pending = null;
  appState.set({ temporaryPublicKey: '' });
};

/** Knocks unless a handshake younger than 25 minutes exists (spec §4, §9). Concurrent callers share one knock. */
export const ensureHandshake = (now: () => number = Date.now): Promise<void> => {
  if (knockedAt && now() - knockedAt < Limits.handshakeTtlMs) return Promise.resolve();
  if (pending) return pending;
  if (!knock) return Promise.reject(new Error('no knock registered'));
  const started = knock().then(
    (answer) => {
      knockedAt = now();
      appState.set({ temporaryPublicKey: answer.publicKey, dokkiri: answer.dokkiri });
      if (pending === started) pending = null;
    },
    (error: unknown) => {
      if (pending === started) pending = null;
      throw error;
    },
  );
  pending = started;
  return started;
};
