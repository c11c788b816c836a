import { useEffect, useState } from 'react';
import { essayIdOf } from './useEssayList.ts';

const hashKeyword = (): string => {
  const hash = decodeURIComponent(window.location.hash);
  return essayIdOf(hash) === null ? '' : hash;
};

/**
 * `/chaos#12` opens essay 12: the address's `#<id>` becomes the search, and a later hash change
 * (`#7` typed into the address bar) searches again. An essay's own page is `/chaos/7` (issue 23).
 */
export const useHashKeyword = (): [
  keyword: string,
  setKeyword: (keyword: string) => void,
  version: number,
] => {
  const [keyword, setKeyword] = useState(hashKeyword);
  // Bumped when the hash replaces the keyword, so the search box shows the new text.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const onHash = () => {
      const next = hashKeyword();
      if (!next) return;
      setKeyword(next);
      setVersion((v) => v + 1);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return [keyword, setKeyword, version];
};
