import { ErrorCode } from '@candy/contract/codes';
import { useCallback, useRef } from 'react';
import { isOffline } from '../../core/appState.ts';
import { RequestError } from '../../core/errors.ts';
import { call } from '../../core/request.ts';
import { t } from '../../i18n/i18n.ts';
import type { ProofWidget } from './altchaWidget.ts';
import './proofWidget.css';

/** Refusals a fresh proof cures: the form solves again and sends once more, keeping the text. */
export const isStaleProof = (error: unknown): boolean =>
  error instanceof RequestError &&
  (error.code === ErrorCode.proofExpired || error.code === ErrorCode.proofReused);

const fetchChallenge = () => call('commentChallenge', { silent: true });

/**
 * The proof of work a visitor's comment carries. Nothing loads until `arm()` (the visitor focused
 * or typed in the form); then the widget's chunk is fetched and starts solving in the page.
 */
export const useProof = (enabled: boolean) => {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<Promise<ProofWidget> | null>(null);

  const arm = useCallback((): Promise<ProofWidget> | null => {
    // Offline, writes are refused anyway: nothing to prove.
    if (!enabled || isOffline()) return null;
    widget.current ??= import('./altchaWidget.ts').then(({ mountProofWidget }) => {
      if (!container.current) throw new Error(t('comments.proof.notLoaded'));
      return mountProofWidget(container.current, fetchChallenge);
    });
    // A failed load (a network hiccup) may be tried again on the next focus.
    widget.current.catch(() => {
      widget.current = null;
    });
    return widget.current;
  }, [enabled]);

  /** The proof to send now; undefined when this form needs none (the owner, offline). */
  const take = useCallback(async (): Promise<string | undefined> => {
    const loading = arm();
    if (loading === null) return undefined;
    return (await loading).take();
  }, [arm]);

  const renew = useCallback(() => {
    void widget.current?.then((w) => w.renew()).catch(() => undefined);
  }, []);

  /** Sends with a proof; one that expired or was spent is solved afresh and sent once more. */
  const sendWithProof = useCallback(
    async <T>(send: (proof: string | undefined) => Promise<T>): Promise<T> => {
      try {
        return await send(await take());
      } catch (error) {
        if (!isStaleProof(error)) throw error;
        renew();
        return send(await take());
      }
    },
    [take, renew],
  );

  return { container, arm, take, renew, sendWithProof, enabled };
};
