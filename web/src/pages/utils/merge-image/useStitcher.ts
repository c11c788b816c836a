import { useCallback, useRef, useState } from 'react';
import type { Progress } from '../shared/ProgressBar.tsx';
import { said, type Words } from '../shared/said.ts';
import type { MergeReply, MergeRequest } from './protocol.ts';
import type { Layout, StitchPlan } from './stitch.ts';

export interface Exported {
  blob: Blob;
  name: string;
  tiles: number;
}

/** The stitching worker: one at a time; a new analysis cancels the one in flight. */
export const useStitcher = () => {
  const worker = useRef<Worker | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [plan, setPlan] = useState<StitchPlan | null>(null);
  const [error, setError] = useState<Words | null>(null);
  const exportDone = useRef<((exported: Exported) => void) | null>(null);

  const start = useCallback(() => {
    worker.current?.terminate();
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<MergeReply>) => {
      const message = event.data;
      switch (message.type) {
        case 'progress':
          setProgress({ label: message.label, done: message.done, total: message.total });
          break;
        case 'planned':
          setProgress(null);
          setPlan(message.plan);
          break;
        case 'exported':
          setProgress(null);
          exportDone.current?.(message);
          break;
        case 'error':
          setProgress(null);
          setError(message.error);
          break;
      }
    };
    worker.current = w;
    return w;
  }, []);

  // No terminating on unmount: the page is only hidden while the visitor looks elsewhere (keep-alive)
  // and the stitch goes on meanwhile; a new analysis replaces the worker.

  const analyze = useCallback(
    (files: File[]) => {
      setPlan(null);
      setError(null);
      if (files.length === 0) {
        worker.current?.terminate();
        worker.current = null;
        setProgress(null);
        return;
      }
      setProgress({ label: said('utils.merge-image.stage.read'), done: 0, total: files.length });
      const request: MergeRequest = { type: 'analyze', files };
      start().postMessage(request);
    },
    [start],
  );

  const exportImage = useCallback(
    (layout: Layout, mime: 'image/png' | 'image/jpeg', quality: number) =>
      new Promise<Exported>((resolve) => {
        if (!worker.current) return;
        exportDone.current = resolve;
        setProgress({ label: said('utils.merge-image.stage.export'), done: 0, total: 1 });
        const request: MergeRequest = { type: 'export', layout, mime, quality };
        worker.current.postMessage(request);
      }),
    [],
  );

  return { progress, plan, setPlan, error, analyze, exportImage };
};
