import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, formatDateTime, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

/** The repository's commits, newest first; one can be opened to browse the files as they were. */
export const CommitLog = ({
  viewing,
  onBrowse,
}: {
  viewing: string | undefined;
  onBrowse: (hash: string | undefined) => void;
}) => {
  const t = useT();
  const log = useQuery({
    queryKey: ['files', 'history', ''],
    queryFn: () => call('filesHistory', { query: { path: '' } }),
  });
  if (log.isPending) return <LoadingState />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => log.refetch()} />;
  if (log.data.length === 0) return <EmptyState>{t('admin.files.commits.none')}</EmptyState>;
  return (
    <ol className="files-history" data-testid="commit-log">
      {log.data.map((commit, index) => (
        <li key={commit.hash} className={viewing === commit.hash ? 'current' : undefined}>
          <code>{commit.hash.slice(0, 7)}</code>
          <span className="files-history-message" data-content>
            {commit.message}
          </span>
          <time dateTime={new Date(commit.time).toISOString()}>{formatDateTime(commit.time)}</time>
          {index > 0 && (
            <Button kind="text" onClick={() => onBrowse(commit.hash)} data-testid="browse-commit">
              {t('admin.files.commits.browse')}
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
};
