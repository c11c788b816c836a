import { useEffect, useState } from 'react';
import type { MarkdownOptions } from './renderMarkdown.ts';

type Render = (source: string, options?: MarkdownOptions) => string;

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

/**
 * The renderer once loaded (null until then), and whether loading it failed — the widget then
 * shows the source as plain text; the next mount tries again.
 */
export const useMarkdownRenderer = (needed = true): { render: Render | null; failed: boolean } => {
  const [render, setRender] = useState<Render | null>(() => ready);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (render || !needed) return;
    let live = true;
    preloadMarkdown().then(
      (loaded) => {
        if (live) setRender(() => loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [render, needed]);
  return { render, failed };
};
