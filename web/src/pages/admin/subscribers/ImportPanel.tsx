import { NewsletterImportBody } from '@candy/contract/calls/newsletter';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { csvLineCount } from './csvFile.ts';

/**
 * Importing a CSV of addresses (from Ghost, Substack, a spreadsheet). Confirmed only when the owner
 * ticks that these readers agreed elsewhere; otherwise each gets a confirmation mail, as from the form.
 */
export const ImportPanel = () => {
  const client = useQueryClient();
  const form = useZodForm(NewsletterImportBody, { csv: '', consented: false });
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState('');

  const run = async () => {
    const body = form.validate();
    if (!body) return;
    const answer = await call('newsletterImport', { body });
    const text = `新增 ${answer.added} 个，已在列表中 ${answer.known} 个，无效 ${answer.invalid} 个`;
    setResult(text);
    toast.success(text);
    await client.invalidateQueries({ queryKey: ['newsletter'] });
  };

  return (
    <form className="subs-panel" onSubmit={(event) => event.preventDefault()} data-testid="subs-import">
      <p className="subs-hint">
        CSV 的第一列是邮箱（或有一列名为 email）。已在列表里的地址保持原样，退订过的人不会被重新订阅。
      </p>
      <Field label="CSV 文件" error={form.errors.csv}>
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
          {fileName}：约 {csvLineCount(form.values.csv)} 个地址
        </p>
      ) : null}
      <label className="subs-check">
        <input
          type="checkbox"
          checked={form.values.consented}
          onChange={(event) => form.set('consented', event.target.checked)}
          data-testid="subs-import-consented"
        />
        这些地址已在别处同意订阅
      </label>
      <p className="subs-hint">
        {form.values.consented
          ? '勾选后直接记为已确认，不发确认邮件。只在他们确实同意过时勾选。'
          : '不勾选时记为待确认，每个地址会收到一封确认邮件（按发送速率慢慢发）。'}
      </p>
      <div className="subs-actions">
        <Button kind="primary" onClick={run} disabled={!form.values.csv} data-testid="subs-import-run">
          导入
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
