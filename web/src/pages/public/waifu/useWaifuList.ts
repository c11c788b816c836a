import { call } from '../../../core/request.ts';
import { useDarkReadKey } from '../shared/useDarkReadKey.ts';
import { useRead } from '../shared/useRead.ts';

const readWaifu = () => call('waifuList', { silent: true });

/** The gallery (dark key or owner); read again when either changes. */
export const useWaifuList = () => useRead(readWaifu, useDarkReadKey());
