import { useEffect, useState } from 'react';

type Render = (source: string) => string;

let pending: Promise<Render> | null = null;
let ready: Render | null = null;

/**
 * marked + DOMPurify are a chunk of their own (≈ 21 KB gzip), kept out of the first-load
 * JavaScript of /chaos (DESIGN §8). Pages call this when their module loads, so the chunk downloads
 * while their data is fetched.
 */
export const preloadMarkdown = (): Promise<Render> => {
  pending ??= import('./renderMarkdown.ts').then(
    (module) => {
      ready = module.renderMarkdown;
      return ready;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
};

/** The renderer once loaded; null until then (and after a failed load, which is retried on the next mount). */
export const useMarkdownRenderer = (): Render | null => {
  const [render, setRender] = useState<Render | null>(() => ready);
  useEffect(() => {
    if (render) return;
    let live = true;
    preloadMarkdown().then(
      (loaded) => {
        if (live) setRender(() => loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [render]);
  return render;
};
