import { useCallback } from 'react';
import { call } from '../../../core/request.ts';
import { useRead } from '../shared/useRead.ts';

/** The whole list (it is small); the keyword is searched on the server and again on the client. */
export const useBangumiList = (keyword: string) => {
  const read = useCallback(
    () => call('bangumiList', { query: { keyword: keyword.trim() || undefined }, silent: true }),
    [keyword],
  );
  return useRead(read, keyword.trim(), keyword.trim() === '' ? 'bangumiList' : undefined);
};
