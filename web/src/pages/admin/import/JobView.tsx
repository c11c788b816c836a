import type { ImportJob } from '@candy/contract/calls/importers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { Badge, formatDateTime, ProgressBar } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

const STATUS: Record<ImportJob['status'], string> = {
  previewed: '待确认',
  queued: '排队中',
  running: '导入中',
  done: '已完成',
  failed: '失败',
};

/** One import: the preview before anything is written, then its progress and what it did. */
export const JobView = ({ initial }: { initial: ImportJob }) => {
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
    <section className="import-card" aria-label="导入预览" data-testid="import-job">
      <div className="import-head">
        <h2>{data.fileName}</h2>
        <Badge tone={data.status === 'done' ? 'success' : data.status === 'failed' ? 'danger' : 'info'}>
          {STATUS[data.status]}
        </Badge>
      </div>
      <p className="import-counts" data-testid="import-counts">
        随笔 {c.essays} · 关于页 {c.about} · 隐藏 {c.hidden} · 定时 {c.scheduled} · 评论 {c.comments} · 图片{' '}
        {c.pictures} · 旧链接 {c.oldPaths}
      </p>
      <ol className="import-first">
        {data.preview.first.map((item) => (
          <li key={item.sourceId}>
            <span className="import-title">{item.title || '（无标题）'}</span>
            <span className="import-muted">
              {formatDateTime(item.publishedAt)}
              {item.hidden ? ' · 隐藏' : ''}
              {item.scheduled ? ' · 定时' : ''}
              {item.comments ? ` · ${item.comments} 条评论` : ''}
            </span>
          </li>
        ))}
      </ol>
      {data.preview.warnings.length > 0 && (
        <details className="import-warnings">
          <summary>{data.preview.warnings.length} 条提醒：这些内容无法原样搬过来</summary>
          <ul>
            {data.preview.warnings.map((w) => (
              <li key={`${w.kind}-${w.sourceId ?? ''}-${w.message}`}>{w.message}</li>
            ))}
          </ul>
        </details>
      )}
      {data.status === 'previewed' ? (
        <Button kind="primary" onClick={apply} data-testid="import-apply">
          开始导入
        </Button>
      ) : (
        <ProgressBar
          name="导入进度"
          value={data.progress.total ? data.progress.done / data.progress.total : 1}
          label={`${data.progress.done} / ${data.progress.total}`}
        />
      )}
      {data.error && <p className="import-error">{data.error}</p>}
      {data.status === 'done' && (
        <p data-testid="import-report">
          新建 {data.report.created} 篇，更新 {data.report.updated} 篇，保持不动 {data.report.skipped}{' '}
          项，评论 {data.report.comments} 条，图片 {data.report.pictures} 张，旧链接 {data.report.redirects}{' '}
          条
        </p>
      )}
      {data.report.failedPictures.length > 0 && (
        <details className="import-warnings" data-testid="import-failed-pictures">
          <summary>{data.report.failedPictures.length} 张图片没有搬过来（正文仍指向旧地址）</summary>
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
          <summary>
            {data.report.unmatched} 条评论找不到对应的文章，没有导入（先导入文章，再导入评论）
          </summary>
          <ul>
            {data.report.unmatchedComments.map((c) => (
              <li key={c.sourceId}>
                {c.author || '匿名'} 在 <code>{c.postUrl}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
};
