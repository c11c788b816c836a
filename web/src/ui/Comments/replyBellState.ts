import { useEffect, useSyncExternalStore } from 'react';
import { call } from '../../core/request.ts';
import { siteWorkerRegistration } from '../../core/siteWorker.ts';

/**
 * Whether this browser gets replies to this device's comments: one state for every bell on the page
 * (the subscription belongs to the device, not to one comment).
 */
export type BellState = 'unknown' | 'off' | 'on' | 'busy';

let state: BellState = 'unknown';
let endpoint: string | null = null;
let checking = false;
const listeners = new Set<() => void>();

export const setBellState = (next: BellState, nextEndpoint: string | null = endpoint) => {
  state = next;
  endpoint = nextEndpoint;
  for (const listener of listeners) listener();
};
export const bellEndpoint = () => endpoint;

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** Asks once per page whether this browser's subscription (if any) is tied to this device. */
const check = async () => {
  if (checking || state !== 'unknown') return;
  checking = true;
  try {
    const registration = await siteWorkerRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return setBellState('off', null);
    const { subscribed } = await call('replyPushStatus', {
      query: { endpoint: subscription.endpoint },
      silent: true,
    });
    setBellState(subscribed ? 'on' : 'off', subscription.endpoint);
  } catch {
    setBellState('off', null);
  } finally {
    checking = false;
  }
};

export const useBellState = (): BellState => {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => 'unknown' as const,
  );
  useEffect(() => {
    if (pushSupported()) void check();
  }, []);
  return current;
};
