import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, formatDateTime, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/** The commits that touched a file; any version can be looked at or put back (staged). */
export const HistoryPanel = ({
  path,
  viewing,
  onView,
}: {
  path: string;
  viewing: string | undefined;
  onView: (commit: string | undefined) => void;
}) => {
  const t = useT();
  const client = useQueryClient();
  const history = useQuery({
    queryKey: ['files', 'history', path],
    queryFn: () => call('filesHistory', { query: { path } }),
  });
  if (history.isPending) return <LoadingState />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => history.refetch()} />;
  if (history.data.length === 0) return <EmptyState>{t('admin.files.history.none')}</EmptyState>;
  return (
    <ol className="files-history" data-testid="file-history">
      {history.data.map((commit, index) => (
        <li key={commit.hash} className={viewing === commit.hash ? 'current' : undefined}>
          <code>{commit.hash.slice(0, 7)}</code>
          <span className="files-history-message" data-content>
            {commit.message}
          </span>
          <time dateTime={new Date(commit.time).toISOString()}>{formatDateTime(commit.time)}</time>
          <Button kind="text" onClick={() => onView(index === 0 ? undefined : commit.hash)}>
            {t('admin.files.history.view')}
          </Button>
          {index > 0 && (
            <Button
              kind="text"
              data-testid="history-restore"
              onClick={async () => {
                await call('filesRestore', { body: { path, commit: commit.hash } });
                await client.invalidateQueries({ queryKey: ['files'] });
                toast.success(t('admin.files.history.restored'));
              }}
            >
              {t('admin.files.history.restore')}
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
};
