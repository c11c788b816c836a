import type { LoginFailures, SecurityResponse } from '@candy/contract/calls/auth';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../core/request.ts';

/** The security panel's data: sessions, factors, attempts, and the failed logins by address. */
export type SecurityPage = SecurityResponse & { failures: LoginFailures };

export type SecurityState =
  | { status: 'loading'; data: SecurityPage | null }
  | { status: 'ready'; data: SecurityPage }
  | { status: 'failed'; data: SecurityPage | null };

/** GET /user/security and /user/security/failures, with a reload for after each change. */
export const useSecurity = () => {
  const [state, setState] = useState<SecurityState>({ status: 'loading', data: null });
  const reload = useCallback(async () => {
    setState((s) => ({ status: 'loading', data: s.data }));
    try {
      const [security, failures] = await Promise.all([call('security'), call('loginFailures')]);
      setState({ status: 'ready', data: { ...security, failures } });
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
