import type { Job } from '@candy/contract/calls/jobs';
import { useState } from 'react';
import { Badge, formatDateTime, relativeTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { JobEditor } from './JobEditor.tsx';

const triggerLabel = {
  schedule: '按时',
  'catch-up': '补跑',
  manual: '手动',
  start: '启动时',
  change: '内容变更后',
} as const;

/** One job: its schedule in words, run-now with its live state, the enable switch, its history. */
export const JobCard = ({
  job,
  onFire,
  onUpdate,
}: {
  job: Job;
  onFire: () => Promise<unknown>;
  onUpdate: (patch: { cron?: string; enabled?: boolean }) => Promise<unknown>;
}) => {
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const last = job.runs[0];
  return (
    <article className="card cron-job" data-testid="cron-job" data-job-id={job.id}>
      <header className="cron-job-head">
        <h2>{job.name}</h2>
        {job.running ? (
          <Badge tone="info">运行中</Badge>
        ) : last ? (
          <Badge tone={last.outcome === 'ok' ? 'success' : 'danger'}>
            {last.outcome === 'ok' ? '上次成功' : '上次失败'}
          </Badge>
        ) : (
          <Badge tone="muted">还没运行过</Badge>
        )}
        <span className="cron-job-switch">
          <Switch
            checked={job.enabled}
            label="启用"
            onChange={(enabled) => onUpdate({ enabled })}
            data-testid="cron-enabled"
          />
        </span>
      </header>
      <p className="cron-job-description">{job.description}</p>
      <dl className="cron-job-facts">
        <div>
          <dt>计划</dt>
          <dd>
            <code>{job.cron}</code>
          </dd>
        </div>
        <div>
          <dt>下次</dt>
          <dd data-testid="cron-next">
            {job.enabled && job.nextRunAt ? (
              <time dateTime={new Date(job.nextRunAt).toISOString()} title={formatDateTime(job.nextRunAt)}>
                {relativeTime(job.nextRunAt)}
              </time>
            ) : (
              '已停用'
            )}
          </dd>
        </div>
        <div>
          <dt>上次</dt>
          <dd>{job.lastRunAt ? relativeTime(job.lastRunAt) : '—'}</dd>
        </div>
      </dl>
      {last?.outcome === 'error' && <p className="field-error cron-job-error">{last.output}</p>}
      {/* What the last run did (the snapshot job says what the mirrors now hold, issue 46.2). */}
      {last?.outcome === 'ok' && last.output && <p className="cron-job-output">{last.output}</p>}
      <div className="cron-job-actions">
        <Button
          kind="primary"
          disabled={job.running}
          disabledReason="正在运行，结束后才能再次运行"
          onClick={onFire}
          data-testid="cron-fire"
        >
          {job.running ? '运行中…' : '立即运行'}
        </Button>
        <Button onClick={() => setEditing((e) => !e)}>修改计划</Button>
        <Button kind="text" onClick={() => setHistory((h) => !h)} aria-expanded={history}>
          历史（{job.runs.length}）
        </Button>
      </div>
      {editing && (
        <JobEditor
          job={job}
          onCancel={() => setEditing(false)}
          onSave={async (cron) => {
            await onUpdate({ cron });
            setEditing(false);
          }}
        />
      )}
      {history && (
        <ol className="cron-history" data-testid="cron-history">
          {job.runs.length === 0 && <li className="cron-history-empty">还没有运行记录</li>}
          {job.runs.map((run) => (
            <li key={run.id} className={`cron-run cron-run-${run.outcome}`}>
              <span className="cron-run-when">
                {formatDateTime(run.startedAt)} · {triggerLabel[run.trigger]} ·{' '}
                {(run.durationMs / 1000).toFixed(1)} 秒
              </span>
              <Badge tone={run.outcome === 'ok' ? 'success' : 'danger'}>
                {run.outcome === 'ok' ? '成功' : '失败'}
              </Badge>
              <pre className="cron-run-output">{run.output}</pre>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
};
