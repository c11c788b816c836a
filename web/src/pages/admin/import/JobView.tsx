import type { ImportJob } from '@candy/contract/calls/importers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
import { Badge, formatDateTime, ProgressBar } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

/** One import: the preview before anything is written, then its progress and what it did. */
export const JobView = ({ initial }: { initial: ImportJob }) => {
  const t = useT();
  const client = useQueryClient();
  const job = useQuery({
    queryKey: ['import', 'job', initial.id],
    queryFn: () => call('importJob', { params: { id: initial.id } }),
    initialData: initial,
    // The job runner writes the batches: poll while it works.
    refetchInterval: (query) =>
      query.state.data?.status === 'queued' || query.state.data?.status === 'running' ? 1000 : false,
  });
  const data = job.data;
  const apply = async () => {
    client.setQueryData(['import', 'job', data.id], await call('importApply', { params: { id: data.id } }));
  };
  if (data.status === 'done') void client.invalidateQueries({ queryKey: ['import', 'redirects'] });
  const c = data.preview.counts;
  return (
    <section className="import-card" aria-label={t('admin.import.preview')} data-testid="import-job">
      <div className="import-head">
        <h2 data-content>{data.fileName}</h2>
        <Badge tone={data.status === 'done' ? 'success' : data.status === 'failed' ? 'danger' : 'info'}>
          {t(`admin.import.status.${data.status}`)}
        </Badge>
      </div>
      <p className="import-counts" data-testid="import-counts">
        {t('admin.import.counts', {
          essays: c.essays,
          about: c.about,
          hidden: c.hidden,
          scheduled: c.scheduled,
          comments: c.comments,
          pictures: c.pictures,
          oldPaths: c.oldPaths,
        })}
      </p>
      <ol className="import-first">
        {data.preview.first.map((item) => (
          <li key={item.sourceId}>
            {item.title ? (
              <span className="import-title" data-content>
                {item.title}
              </span>
            ) : (
              <span className="import-title">{t('admin.import.item.untitled')}</span>
            )}
            <span className="import-muted">
              {formatDateTime(item.publishedAt)}
              {item.hidden ? ` · ${t('admin.import.item.hidden')}` : ''}
              {item.scheduled ? ` · ${t('admin.import.item.scheduled')}` : ''}
              {item.comments ? ` · ${t('admin.import.item.comments', { count: item.comments })}` : ''}
            </span>
          </li>
        ))}
      </ol>
      {data.preview.warnings.length > 0 && (
        <details className="import-warnings">
          <summary>{t('admin.import.warnings', { count: data.preview.warnings.length })}</summary>
          <ul>
            {data.preview.warnings.map((w) => (
              <li key={`${w.kind}-${w.sourceId ?? ''}-${w.message}`}>{w.message}</li>
            ))}
          </ul>
        </details>
      )}
      {data.status === 'previewed' ? (
        <Button kind="primary" onClick={apply} data-testid="import-apply">
          {t('admin.import.apply')}
        </Button>
      ) : (
        <ProgressBar
          name={t('admin.import.progress')}
          value={data.progress.total ? data.progress.done / data.progress.total : 1}
          label={`${data.progress.done} / ${data.progress.total}`}
        />
      )}
      {data.error && <p className="import-error">{data.error}</p>}
      {data.status === 'done' && (
        <p data-testid="import-report">
          {t('admin.import.report', {
            created: data.report.created,
            updated: data.report.updated,
            skipped: data.report.skipped,
            comments: data.report.comments,
            pictures: data.report.pictures,
            redirects: data.report.redirects,
          })}
        </p>
      )}
      {data.report.failedPictures.length > 0 && (
        <details className="import-warnings" data-testid="import-failed-pictures">
          <summary>{t('admin.import.failedPictures', { count: data.report.failedPictures.length })}</summary>
          <ul>
            {data.report.failedPictures.map((f) => (
              <li key={`${f.sourceId} ${f.url}`}>
                <code>{f.url}</code> — {f.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {data.report.unmatched > 0 && (
        <details className="import-warnings" data-testid="import-unmatched-comments">
          <summary>{t('admin.import.unmatched', { count: data.report.unmatched })}</summary>
          <ul>
            {data.report.unmatchedComments.map((c) => (
              <li key={c.sourceId}>
                {rich(t, 'admin.import.unmatched.where', {
                  author: c.author ? (
                    <span data-content>{c.author}</span>
                  ) : (
                    t('admin.import.unmatched.anonymous')
                  ),
                  url: <code>{c.postUrl}</code>,
                })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
};
