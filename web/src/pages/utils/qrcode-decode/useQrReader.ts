import { useCallback, useEffect, useRef } from 'react';
import { SaidError, said } from '../shared/said.ts';
import type { QrReply } from './protocol.ts';

type Settled = Extract<QrReply, { type: 'result' }>;

/** One long-lived decoding worker (the wasm loads once); each request gets its own promise. */
export const useQrReader = () => {
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, { resolve: (r: Settled) => void; reject: (e: Error) => void }>());
  const nextId = useRef(0);

  useEffect(() => {
    const waiting = pending.current;
    return () => {
      worker.current?.terminate();
      worker.current = null;
      for (const p of waiting.values()) p.reject(new SaidError(said('utils.qrcode-decode.closed')));
      waiting.clear();
    };
  }, []);

  const ensureWorker = () => {
    if (worker.current) return worker.current;
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<QrReply>) => {
      const reply = event.data;
      const waiter = pending.current.get(reply.id);
      if (!waiter) return;
      pending.current.delete(reply.id);
      if (reply.type === 'result') waiter.resolve(reply);
      else
        waiter.reject(typeof reply.error === 'string' ? new Error(reply.error) : new SaidError(reply.error));
    };
    worker.current = w;
    return w;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: ensureWorker only reads refs
  const read = useCallback(
    (image: Blob | ImageBitmap) =>
      new Promise<Settled>((resolve, reject) => {
        const id = nextId.current++;
        pending.current.set(id, { resolve, reject });
        const transfer = image instanceof Blob ? [] : [image];
        ensureWorker().postMessage({ id, image }, transfer);
      }),
    [],
  );

  return read;
};
