import type { LogLine } from '@candy/contract/calls/log';
import { useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { clockTime, levelName } from './lineFilter.ts';

const statusClass = (status: number) =>
  status >= 500 ? 'log-status-5' : status >= 400 ? 'log-status-4' : '';

/** One log line; a click opens what it carries beyond the summary (an error opens by itself). */
export const LogRow = ({ line, onRequest }: { line: LogLine; onRequest: (reqId: string) => void }) => {
  const t = useT();
  const [open, setOpen] = useState(Boolean(line.err));
  const extra = {
    ...(line.reqId ? { reqId: line.reqId } : {}),
    ...line.detail,
  };
  const hasMore = Boolean(line.err || line.detail || line.reqId);
  return (
    <li className={`log-line log-${line.level}`} data-testid="log-line" data-level={line.level}>
      <div className="log-line-head">
        <button
          type="button"
          className="log-line-summary"
          aria-expanded={hasMore ? open : undefined}
          onClick={() => hasMore && setOpen(!open)}
        >
          <time dateTime={new Date(line.time).toISOString()}>{clockTime(line.time)}</time>
          <span className="log-level">{levelName(line.level)}</span>
          {line.replica && <span className="log-replica">{line.replica}</span>}
          {line.method && (
            <span className="log-request">
              {line.method} {line.path}
            </span>
          )}
          {line.status !== undefined && (
            <span className={`log-status ${statusClass(line.status)}`}>{line.status}</span>
          )}
          {line.ms !== undefined && <span className="log-ms">{line.ms} ms</span>}
          {/* A request line says "request": its method and path already say so. */}
          {!(line.msg === 'request' && line.method) && (
            <span className="log-msg" data-content>
              {line.msg}
              {line.err ? t('admin.log.line.error', { message: line.err.message }) : ''}
            </span>
          )}
        </button>
        {line.reqId && (
          <button
            type="button"
            className="log-reqid"
            title={t('admin.log.line.onlyRequest')}
            data-testid="log-reqid"
            onClick={() => onRequest(line.reqId as string)}
          >
            #{line.reqId.slice(0, 8)}
          </button>
        )}
      </div>
      {open && (
        <div className="log-line-more" data-content>
          {line.err?.stack && <pre className="log-stack">{line.err.stack}</pre>}
          {Object.keys(extra).length > 0 && (
            <pre className="log-detail">{JSON.stringify(extra, null, 2)}</pre>
          )}
        </div>
      )}
    </li>
  );
};
