import { useDeferredValue, useMemo, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { saveBlob } from '../shared/download.ts';
import { formatTime, recordsAsJson, recordsAsText } from './exportRecords.ts';
import type { LogRecord } from './records.ts';

const PAGE = 500;

/** Records with search, filters and export; rows are shown a page at a time so big logs stay fast. */
export const RecordTable = ({ records }: { records: LogRecord[] }) => {
  const t = useT();
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
          placeholder={t('utils.oplus-log-decrypt.search.placeholder')}
          aria-label={t('utils.oplus-log-decrypt.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setLimit(PAGE);
          }}
        />
        <select
          value={type}
          aria-label={t('utils.oplus-log-decrypt.type')}
          onChange={(e) => setType(e.target.value)}
        >
          <option value="">{t('utils.oplus-log-decrypt.type.all')}</option>
          {types.map((each) => (
            <option key={each} value={each}>
              {t('utils.oplus-log-decrypt.type.one', { type: each })}
            </option>
          ))}
        </select>
        {sources.length > 1 && (
          <select
            value={source}
            aria-label={t('utils.oplus-log-decrypt.file')}
            onChange={(e) => setSource(e.target.value)}
          >
            <option value="">{t('utils.oplus-log-decrypt.file.all')}</option>
            {sources.map((s) => (
              <option key={s} value={s} data-content>
                {s}
              </option>
            ))}
          </select>
        )}
        <label>
          <input type="checkbox" checked={mainOnly} onChange={(e) => setMainOnly(e.target.checked)} />{' '}
          {t('utils.oplus-log-decrypt.mainOnly')}
        </label>
      </div>
      <div className="tool-row">
        <span data-testid="record-count">
          {t('utils.oplus-log-decrypt.count', { shown: shown.length, total: records.length })}
        </span>
        <button
          type="button"
          onClick={() => saveBlob(new Blob([recordsAsText(shown)], { type: 'text/plain' }), 'log.txt')}
        >
          {t('utils.oplus-log-decrypt.exportText')}
        </button>
        <button
          type="button"
          onClick={() => saveBlob(new Blob([recordsAsJson(shown)], { type: 'application/json' }), 'log.json')}
        >
          {t('utils.oplus-log-decrypt.exportJson')}
        </button>
      </div>
      <div className="log-table-wrap">
        <table className="log-table" data-testid="records">
          <thead>
            <tr>
              <th>{t('utils.oplus-log-decrypt.col.time')}</th>
              <th>{t('utils.oplus-log-decrypt.type')}</th>
              <th>{t('utils.oplus-log-decrypt.col.thread')}</th>
              <th>{t('utils.oplus-log-decrypt.col.message')}</th>
            </tr>
          </thead>
          <tbody data-content>
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
          {t('utils.oplus-log-decrypt.more', { count: Math.min(PAGE, shown.length - limit) })}
        </button>
      )}
    </section>
  );
};
