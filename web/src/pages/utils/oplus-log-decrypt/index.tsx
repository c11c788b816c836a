import '../shared/tool.css';
import './oplus-log-decrypt.css';
import { type FormEvent, useMemo, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { FileDrop } from '../shared/FileDrop.tsx';
import { PrivacyNote } from '../shared/PrivacyNote.tsx';
import { ProgressBar } from '../shared/ProgressBar.tsx';
import { say } from '../shared/say.ts';
import { LOGAN_DEFAULT_IV, LOGAN_DEFAULT_KEY } from './logan.ts';
import { RecordTable } from './RecordTable.tsx';
import { useDecryptor } from './useDecryptor.ts';

export default function OplusLogDecryptPage() {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [key, setKey] = useState(LOGAN_DEFAULT_KEY);
  const [iv, setIv] = useState(LOGAN_DEFAULT_IV);
  const { progress, reports, error, decrypt } = useDecryptor();
  const records = useMemo(() => reports?.flatMap((r) => r.records) ?? [], [reports]);

  const open = (picked: File[]) => {
    setFiles(picked);
    decrypt({ files: picked, key, iv });
  };
  const retry = (e: FormEvent) => {
    e.preventDefault();
    if (files.length > 0) decrypt({ files, key, iv });
  };

  return (
    <div className="tool log-decrypt">
      <h1>{t('title.oplus-log-decrypt')}</h1>
      <PrivacyNote />
      <p className="log-intro">{t('utils.oplus-log-decrypt.intro')}</p>
      <FileDrop
        multiple
        label={t('utils.oplus-log-decrypt.drop')}
        hint=".dog1 .dog2 .dog3 .xlog .zip .log .txt"
        onFiles={open}
      />
      <form className="tool-row log-key" onSubmit={retry}>
        <label>
          {t('utils.oplus-log-decrypt.key')}{' '}
          <input type="text" value={key} spellCheck={false} onChange={(e) => setKey(e.target.value)} />
        </label>
        <label>
          IV <input type="text" value={iv} spellCheck={false} onChange={(e) => setIv(e.target.value)} />
        </label>
        <button type="submit" className="tool-primary" disabled={files.length === 0}>
          {t('utils.oplus-log-decrypt.decrypt')}
        </button>
        <button
          type="button"
          onClick={() => {
            setKey(LOGAN_DEFAULT_KEY);
            setIv(LOGAN_DEFAULT_IV);
          }}
        >
          {t('utils.oplus-log-decrypt.defaultKey')}
        </button>
      </form>
      {progress && <ProgressBar progress={progress} />}
      {error && (
        <p className="tool-error" role="alert">
          {say(error)}
        </p>
      )}
      {reports && (
        <ul className="log-reports" data-testid="reports">
          {reports.map((r) => (
            <li key={r.source}>
              <strong data-content>{r.source}</strong> {r.summary && say(r.summary)}
              {r.partial && t('utils.oplus-log-decrypt.gzipPartial')}
              {r.error && (
                <p className="tool-error" role="alert">
                  {say(r.error)}
                </p>
              )}
              {r.stoppedAt && (
                <p className="tool-warn" data-testid="stopped-at">
                  {t('utils.oplus-log-decrypt.stoppedAt', {
                    offset: r.stoppedAt.offset,
                    reason: say(r.stoppedAt.reason),
                  })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {records.length > 0 && <RecordTable records={records} />}
    </div>
  );
}
