import { useDeferredValue, useMemo, useState } from 'react';
import { saveBlob } from '../shared/download.ts';
import { formatTime, recordsAsJson, recordsAsText } from './exportRecords.ts';
import type { LogRecord } from './records.ts';

const PAGE = 500;

/** Records with search, filters and export; rows are shown a page at a time so big logs stay fast. */
export const RecordTable = ({ records }: { records: LogRecord[] }) => {
  const [query, setQuery] = useState('');
  const [type, setType] = useState('');
  const [source, setSource] = useState('');
  const [mainOnly, setMainOnly] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const deferredQuery = useDeferredValue(query);

  const types = useMemo(() => [...new Set(records.map((r) => r.type).filter(Boolean))].sort(), [records]);
  const sources = useMemo(() => [...new Set(records.map((r) => r.source))], [records]);
  const shown = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    return records.filter(
      (r) =>
        (!type || r.type === type) &&
        (!source || r.source === source) &&
        (!mainOnly || r.main === true) &&
        (!needle || r.message.toLowerCase().includes(needle) || r.thread.toLowerCase().includes(needle)),
    );
  }, [records, deferredQuery, type, source, mainOnly]);

  return (
    <section className="log-records">
      <div className="tool-row">
        <input
          type="search"
          placeholder="搜索内容或线程"
          aria-label="搜索"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setLimit(PAGE);
          }}
        />
        <select value={type} aria-label="类型" onChange={(e) => setType(e.target.value)}>
          <option value="">全部类型</option>
          {types.map((t) => (
            <option key={t} value={t}>
              类型 {t}
            </option>
          ))}
        </select>
        {sources.length > 1 && (
          <select value={source} aria-label="文件" onChange={(e) => setSource(e.target.value)}>
            <option value="">全部文件</option>
            {sources.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
        <label>
          <input type="checkbox" checked={mainOnly} onChange={(e) => setMainOnly(e.target.checked)} />{' '}
          只看主线程
        </label>
      </div>
      <div className="tool-row">
        <span data-testid="record-count">
          {shown.length} / {records.length} 条
        </span>
        <button
          type="button"
          onClick={() => saveBlob(new Blob([recordsAsText(shown)], { type: 'text/plain' }), 'log.txt')}
        >
          导出文本
        </button>
        <button
          type="button"
          onClick={() => saveBlob(new Blob([recordsAsJson(shown)], { type: 'application/json' }), 'log.json')}
        >
          导出 JSON
        </button>
      </div>
      <div className="log-table-wrap">
        <table className="log-table" data-testid="records">
          <thead>
            <tr>
              <th>时间</th>
              <th>类型</th>
              <th>线程</th>
              <th>内容</th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, limit).map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional within one result
              <tr key={i}>
                <td className="log-time">{formatTime(r.time)}</td>
                <td>{r.type}</td>
                <td>
                  {r.thread}
                  {r.main ? ' *' : ''}
                  {r.threadId && <small> #{r.threadId}</small>}
                </td>
                <td className="log-message">{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length > limit && (
        <button type="button" onClick={() => setLimit((l) => l + PAGE)}>
          再显示 {Math.min(PAGE, shown.length - limit)} 条
        </button>
      )}
    </section>
  );
};
