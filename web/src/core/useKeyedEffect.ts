import { useEffect, useRef } from 'react';

/**
 * Runs `run` after the first render and after every render whose `key` differs from the key of
 * its last run — never twice for the same key. React's <Activity>, which keeps visited pages
 * alive (app/PageOutlet.tsx), tears a hidden page's effects down and runs them again when the page
 * is shown: a read in a plain effect would repeat on every return and replace what the visitor
 * had (spec §2). `doneFor` names a key whose work is already done (a server-rendered answer).
 */
export const useKeyedEffect = (run: () => void, key: unknown, doneFor?: { key: unknown }): void => {
  const last = useRef<{ key: unknown } | undefined>(doneFor);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (last.current && Object.is(last.current.key, key)) return;
    last.current = { key };
    latest.current();
  }, [key]);
};
