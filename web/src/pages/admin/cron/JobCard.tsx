import type { Job } from '@candy/contract/calls/jobs';
import { useState } from 'react';
import { intlTag } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { Badge, formatDateTime, relativeTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { JobEditor } from './JobEditor.tsx';

/** A run's duration in seconds, one decimal, in the active language's digits. */
const seconds = (ms: number) =>
  new Intl.NumberFormat(intlTag(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);

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
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const last = job.runs[0];
  return (
    <article className="card cron-job" data-testid="cron-job" data-job-id={job.id}>
      <header className="cron-job-head">
        <h2>{job.name}</h2>
        {job.running ? (
          <Badge tone="info">{t('admin.cron.running')}</Badge>
        ) : last ? (
          <Badge tone={last.outcome === 'ok' ? 'success' : 'danger'}>
            {last.outcome === 'ok' ? t('admin.cron.lastOk') : t('admin.cron.lastFailed')}
          </Badge>
        ) : (
          <Badge tone="muted">{t('admin.cron.neverRun')}</Badge>
        )}
        <span className="cron-job-switch">
          <Switch
            checked={job.enabled}
            label={t('admin.cron.enabled')}
            onChange={(enabled) => onUpdate({ enabled })}
            data-testid="cron-enabled"
          />
        </span>
      </header>
      <p className="cron-job-description">{job.description}</p>
      <dl className="cron-job-facts">
        <div>
          <dt>{t('admin.cron.schedule')}</dt>
          <dd>
            <code>{job.cron}</code>
          </dd>
        </div>
        <div>
          <dt>{t('admin.cron.next')}</dt>
          <dd data-testid="cron-next">
            {job.enabled && job.nextRunAt ? (
              <time dateTime={new Date(job.nextRunAt).toISOString()} title={formatDateTime(job.nextRunAt)}>
                {relativeTime(job.nextRunAt)}
              </time>
            ) : (
              t('admin.cron.off')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admin.cron.last')}</dt>
          <dd>{job.lastRunAt ? relativeTime(job.lastRunAt) : '—'}</dd>
        </div>
      </dl>
      {last?.outcome === 'error' && (
        <p className="field-error cron-job-error" data-content>
          {last.output}
        </p>
      )}
      {/* What the last run did (the snapshot job says what the mirrors now hold, issue 46.2). */}
      {last?.outcome === 'ok' && last.output && (
        <p className="cron-job-output" data-content>
          {last.output}
        </p>
      )}
      <div className="cron-job-actions">
        <Button
          kind="primary"
          disabled={job.running}
          disabledReason={t('admin.cron.fire.busy')}
          onClick={onFire}
          data-testid="cron-fire"
        >
          {job.running ? t('admin.cron.fire.running') : t('admin.cron.fire')}
        </Button>
        <Button onClick={() => setEditing((e) => !e)}>{t('admin.cron.edit')}</Button>
        <Button kind="text" onClick={() => setHistory((h) => !h)} aria-expanded={history}>
          {t('admin.cron.history', { count: job.runs.length })}
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
          {job.runs.length === 0 && <li className="cron-history-empty">{t('admin.cron.history.empty')}</li>}
          {job.runs.map((run) => (
            <li key={run.id} className={`cron-run cron-run-${run.outcome}`}>
              <span className="cron-run-when">
                {formatDateTime(run.startedAt)} · {t(`admin.cron.trigger.${run.trigger}`)} ·{' '}
                {t('admin.cron.run.seconds', { seconds: seconds(run.durationMs) })}
              </span>
              <Badge tone={run.outcome === 'ok' ? 'success' : 'danger'}>
                {run.outcome === 'ok' ? t('admin.cron.run.ok') : t('admin.cron.run.failed')}
              </Badge>
              <pre className="cron-run-output" data-content>
                {run.output}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
};
