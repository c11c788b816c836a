import { type Job, JobUpdate } from '@candy/contract/calls/jobs';
import { useState } from 'react';
import { formatDateTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { nextRuns } from './nextRuns.ts';

/** The schedule of one job: the expression, checked as it is typed, with its next five runs. */
export const JobEditor = ({
  job,
  onSave,
  onCancel,
}: {
  job: Job;
  onSave: (cron: string) => Promise<unknown>;
  onCancel: () => void;
}) => {
  const [cron, setCron] = useState(job.cron);
  const preview = nextRuns(cron);
  const schemaError = JobUpdate.safeParse({ cron }).error?.issues[0]?.message ?? null;
  const error = schemaError ?? preview.error;
  return (
    <form
      className="cron-editor"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <label className="cron-editor-field">
        <span>cron 表达式（分 时 日 月 周；六段时第一段是秒）</span>
        <input
          className="input"
          value={cron}
          onChange={(event) => setCron(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={`cron-preview-${job.id}`}
          spellCheck={false}
          data-testid="cron-input"
        />
      </label>
      <div id={`cron-preview-${job.id}`} className="cron-preview" aria-live="polite">
        {error ? (
          <p className="field-error" data-testid="cron-error">
            {error}
          </p>
        ) : (
          <>
            <span>接下来五次（本机时间）：</span>
            <ol data-testid="cron-preview">
              {preview.runs.map((run) => (
                <li key={run.getTime()}>{formatDateTime(run.getTime())}</li>
              ))}
            </ol>
          </>
        )}
      </div>
      <div className="cron-editor-actions">
        <Button kind="text" onClick={onCancel}>
          取消
        </Button>
        <Button
          kind="primary"
          disabled={error !== null || cron.trim() === job.cron}
          disabledReason={error !== null ? `表达式有误：${error}` : '表达式没有改动'}
          onClick={() => onSave(cron.trim())}
        >
          保存
        </Button>
      </div>
    </form>
  );
};
