import { useCallback, useRef, useState } from 'react';
import type { Progress } from '../shared/ProgressBar.tsx';
import { said, type Words } from '../shared/said.ts';
import type { DecodeReport } from './decodeFile.ts';
import type { DecryptReply, DecryptRequest } from './protocol.ts';

/** Runs decoding in a worker; a new run cancels the previous one. */
export const useDecryptor = () => {
  const worker = useRef<Worker | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [reports, setReports] = useState<DecodeReport[] | null>(null);
  const [error, setError] = useState<Words | null>(null);

  // No terminating on unmount: the page is only hidden while the visitor looks elsewhere (keep-alive)
  // and decoding goes on meanwhile; a new run replaces the worker.

  const decrypt = useCallback((request: DecryptRequest) => {
    worker.current?.terminate();
    setReports(null);
    setError(null);
    setProgress({ label: said('utils.oplus-log-decrypt.reading'), done: 0, total: request.files.length });
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<DecryptReply>) => {
      const message = event.data;
      switch (message.type) {
        case 'progress':
          setProgress({ label: message.label, done: message.done, total: message.total });
          break;
        case 'done':
          setProgress(null);
          setReports(message.reports);
          break;
        case 'error':
          setProgress(null);
          setError(message.error);
          break;
      }
    };
    w.postMessage(request);
    worker.current = w;
  }, []);

  return { progress, reports, error, decrypt };
};
