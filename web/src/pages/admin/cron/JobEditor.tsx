import { type Job, JobUpdate } from '@candy/contract/calls/jobs';
import { useState } from 'react';
import { issueText } from '../../../i18n/contractWords.ts';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
  const [cron, setCron] = useState(job.cron);
  const preview = nextRuns(cron);
  const schemaIssue = JobUpdate.safeParse({ cron }).error?.issues[0];
  const schemaError = schemaIssue ? issueText(schemaIssue) : null;
  const error = schemaError ?? preview.error;
  return (
    <form
      className="cron-editor"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <label className="cron-editor-field">
        <span>{t('admin.cron.editor.label')}</span>
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
            <span>{t('admin.cron.editor.preview')}</span>
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
          {t('admin.cron.editor.cancel')}
        </Button>
        <Button
          kind="primary"
          disabled={error !== null || cron.trim() === job.cron}
          disabledReason={
            error !== null ? t('admin.cron.editor.invalid', { error }) : t('admin.cron.editor.unchanged')
          }
          onClick={() => onSave(cron.trim())}
        >
          {t('admin.cron.editor.save')}
        </Button>
      </div>
    </form>
  );
};
