import { useEffect, useState } from 'react';

/** An object URL for a blob loaded by `load` whenever `key` changes (revoked when replaced). */
export const useBlobUrl = (key: string | null, load: () => Promise<Blob>) => {
  const [state, setState] = useState<{ url: string | null; loading: boolean; failed: boolean }>({
    url: null,
    loading: false,
    failed: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches
  useEffect(() => {
    if (key === null) {
      setState({ url: null, loading: false, failed: false });
      return;
    }
    let live = true;
    let made: string | null = null;
    setState((s) => ({ ...s, loading: true, failed: false }));
    load().then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setState({ url: made, loading: false, failed: false });
      },
      () => live && setState({ url: null, loading: false, failed: true }),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [key]);
  return state;
};
