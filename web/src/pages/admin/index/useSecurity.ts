import type { SecurityResponse } from '@candy/contract/calls/auth';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../core/request.ts';

export type SecurityState =
  | { status: 'loading'; data: SecurityResponse | null }
  | { status: 'ready'; data: SecurityResponse }
  | { status: 'failed'; data: SecurityResponse | null };

/** GET /user/security, with a reload for after each change. */
export const useSecurity = () => {
  const [state, setState] = useState<SecurityState>({ status: 'loading', data: null });
  const reload = useCallback(async () => {
    setState((s) => ({ status: 'loading', data: s.data }));
    try {
      setState({ status: 'ready', data: await call('security') });
    } catch {
      // The request client has shown the error (and a dead key sends the owner to /contract).
      setState((s) => ({ status: 'failed', data: s.data }));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
};
