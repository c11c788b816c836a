import { useEffect, useRef } from 'react';

/**
 * Ctrl+S (⌘+S on a Mac) saves instead of the browser's "save page". Listens only while the page is
 * shown: a kept-alive hidden page has its effects cleaned up.
 */
export const useSaveShortcut = (save: () => unknown): void => {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void latest.current();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
};
