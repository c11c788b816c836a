import { ErrorCode } from '@candy/contract/codes';
import { useT } from '../../../i18n/useT.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import type { ListStatus as Status } from './useCursorList.ts';

/**
 * The foot of a paged list: loading, failed with a retry, refused (the search itself was wrong, as
 * a keyword search offline: its message, nothing to retry), empty, or the end.
 */
export const ListStatus = ({
  status,
  error,
  code = 0,
  count,
  hasMore,
  empty,
  onRetry,
}: {
  status: Status;
  error: string;
  /** The failure's business code; 4000 means the input was refused, not that loading failed. */
  code?: number;
  count: number;
  hasMore: boolean;
  empty: string;
  onRetry: () => void;
}) => {
  const t = useT();
  if (status === 'loading')
    return (
      <div className="list-status" aria-live="polite">
        <Spinner label={t('list.loading')} /> {t('list.loading.text')}
      </div>
    );
  if (status === 'failed' && code === ErrorCode.validation)
    return (
      <div className="list-status list-status-notice" role="status" data-testid="list-notice">
        {error}
      </div>
    );
  if (status === 'failed')
    return (
      <div className="list-status list-status-failed" role="alert">
        {t('list.failed', { error })}{' '}
        <button type="button" className="btn btn-text" onClick={onRetry}>
          {t('list.retry')}
        </button>
      </div>
    );
  if (count === 0) return <div className="list-status list-status-empty">{empty}</div>;
  if (!hasMore) return <div className="list-status list-status-end">{t('list.end')}</div>;
  return null;
};
