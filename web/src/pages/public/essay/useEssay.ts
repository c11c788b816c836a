import type { Essay } from '@candy/contract/calls/essays';
import { ErrorCode } from '@candy/contract/codes';
import { useCallback } from 'react';
import { call, RequestError } from '../../../core/request.ts';
import { useRead } from '../shared/useRead.ts';

/** An essay as shown: `html` is its content rendered by the server, on a server-rendered page. */
export type ShownEssay = Essay & { html?: string };

/**
 * The key of an essay page's server-rendered answer (server/src/http/serverRender.ts writes it):
 * the essay, or null when a visitor may not read it (hidden, reserved, unknown).
 */
export const essaySsrKey = (id: number) => `essay:${id}`;

/** Essay `id`; null when there is none for this visitor (4040), which is no failure but an answer. */
const readEssay = async (id: number): Promise<ShownEssay | null> => {
  try {
    return await call('essayDetail', { params: { id }, silent: true });
  } catch (error) {
    if (error instanceof RequestError && error.code === ErrorCode.notFound) return null;
    throw error;
  }
};

/** One essay by id, read again when the id changes (the page is kept alive between essays). */
export const useEssay = (id: number) => {
  const read = useCallback(() => readEssay(id), [id]);
  return useRead<ShownEssay | null>(read, String(id), essaySsrKey(id));
};
