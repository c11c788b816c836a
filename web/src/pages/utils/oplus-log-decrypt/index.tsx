import '../shared/tool.css';
import './oplus-log-decrypt.css';
import { type FormEvent, useMemo, useState } from 'react';
import { FileDrop } from '../shared/FileDrop.tsx';
import { PrivacyNote } from '../shared/PrivacyNote.tsx';
import { ProgressBar } from '../shared/ProgressBar.tsx';
import { LOGAN_DEFAULT_IV, LOGAN_DEFAULT_KEY } from './logan.ts';
import { RecordTable } from './RecordTable.tsx';
import { useDecryptor } from './useDecryptor.ts';

export default function OplusLogDecryptPage() {
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
      <h1>日志解密</h1>
      <PrivacyNote />
      <p className="log-intro">
        支持 OPPO / 一加 / realme 应用基于 Logan 的 .dog1 / .dog2 / .dog3 日志（AES-128-CBC +
        gzip）、未设密钥的腾讯 Mars xlog、日志文件夹的 zip
        压缩包和普通文本日志。其他格式会如实告诉你无法识别。
      </p>
      <FileDrop
        multiple
        label="拖入或选择日志文件"
        hint=".dog1 .dog2 .dog3 .xlog .zip .log .txt"
        onFiles={open}
      />
      <form className="tool-row log-key" onSubmit={retry}>
        <label>
          密钥 <input type="text" value={key} spellCheck={false} onChange={(e) => setKey(e.target.value)} />
        </label>
        <label>
          IV <input type="text" value={iv} spellCheck={false} onChange={(e) => setIv(e.target.value)} />
        </label>
        <button type="submit" className="tool-primary" disabled={files.length === 0}>
          用这个密钥解密
        </button>
        <button
          type="button"
          onClick={() => {
            setKey(LOGAN_DEFAULT_KEY);
            setIv(LOGAN_DEFAULT_IV);
          }}
        >
          恢复默认密钥
        </button>
      </form>
      {progress && <ProgressBar progress={progress} />}
      {error && (
        <p className="tool-error" role="alert">
          {error}
        </p>
      )}
      {reports && (
        <ul className="log-reports" data-testid="reports">
          {reports.map((r) => (
            <li key={r.source}>
              <strong>{r.source}</strong> {r.summary}
              {r.error && (
                <p className="tool-error" role="alert">
                  {r.error}
                </p>
              )}
              {r.stoppedAt && (
                <p className="tool-warn" data-testid="stopped-at">
                  在第 {r.stoppedAt.offset} 字节处停止：{r.stoppedAt.reason}。之前的内容已解出。
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
