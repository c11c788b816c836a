import { NewsletterImportBody } from '@candy/contract/calls/newsletter';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { csvLineCount } from './csvFile.ts';

/**
 * Importing a CSV of addresses (from Ghost, Substack, a spreadsheet). Confirmed only when the owner
 * ticks that these readers agreed elsewhere; otherwise each gets a confirmation mail, as from the form.
 */
export const ImportPanel = () => {
  const t = useT();
  const client = useQueryClient();
  const form = useZodForm(NewsletterImportBody, { csv: '', consented: false });
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState('');

  const run = async () => {
    const body = form.validate();
    if (!body) return;
    const answer = await call('newsletterImport', { body });
    const text = t('admin.subscribers.import.result', {
      added: answer.added,
      known: answer.known,
      invalid: answer.invalid,
    });
    setResult(text);
    toast.success(text);
    await client.invalidateQueries({ queryKey: ['newsletter'] });
  };

  return (
    <form className="subs-panel" onSubmit={(event) => event.preventDefault()} data-testid="subs-import">
      <p className="subs-hint">{t('admin.subscribers.import.hint')}</p>
      <Field label={t('admin.subscribers.import.file')} error={form.errors.csv}>
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          data-testid="subs-import-file"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            setResult('');
            setFileName(file?.name ?? '');
            form.set('csv', file ? await file.text() : '');
          }}
        />
      </Field>
      {fileName && form.values.csv ? (
        <p className="subs-hint">
          {rich(
            t,
            'admin.subscribers.import.lines',
            { fileName: <span data-content>{fileName}</span> },
            { count: csvLineCount(form.values.csv) },
          )}
        </p>
      ) : null}
      <label className="subs-check">
        <input
          type="checkbox"
          checked={form.values.consented}
          onChange={(event) => form.set('consented', event.target.checked)}
          data-testid="subs-import-consented"
        />
        {t('admin.subscribers.import.consented')}
      </label>
      <p className="subs-hint">
        {form.values.consented
          ? t('admin.subscribers.import.consented.yes')
          : t('admin.subscribers.import.consented.no')}
      </p>
      <div className="subs-actions">
        <Button kind="primary" onClick={run} disabled={!form.values.csv} data-testid="subs-import-run">
          {t('admin.subscribers.import.run')}
        </Button>
      </div>
      {result ? (
        <p className="subs-result" role="status">
          {result}
        </p>
      ) : null}
    </form>
  );
};
