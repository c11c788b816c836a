import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from '../../../app/router.tsx';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { LogRow } from './LogRow.tsx';
import { calendarDay, LEVEL_CHOICES, type LevelChoice, matchesSearch } from './lineFilter.ts';
import { useLogLines } from './useLogLines.ts';
import './revelation.css';

/**
 * 日志 (issue 12): this replica's own log (or every replica's, LOG_STORE=database), newest first. Scrolling down loads older lines; following
 * live adds new ones at the top; a request id narrows the list to that request's lines.
 */
export default function Page() {
  const t = useT();
  const [choice, setChoice] = useState<LevelChoice>('info');
  const [follow, setFollow] = useState(false);
  const [search, setSearch] = useState('');
  const [requestId, setRequestId] = useState<string | null>(null);
  // `?req=<id>`: an error toast's link to the lines of the request that failed (the page is kept
  // alive, so a later link with another id must narrow it again).
  const { search: query } = useLocation();
  useEffect(() => {
    const linked = new URLSearchParams(query).get('req');
    if (linked) setRequestId(linked);
  }, [query]);
  const filter = LEVEL_CHOICES.find((item) => item.value === choice)?.filter ?? { verbose: false };
  const log = useLogLines(filter, follow);
  const shown = useMemo(
    () => log.lines.filter((line) => (!requestId || line.reqId === requestId) && matchesSearch(line, search)),
    [log.lines, requestId, search],
  );

  // Infinite scroll: while the end of the list is in view, older pages keep coming.
  const sentinel = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(false);
  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) => setAtEnd(Boolean(entry?.isIntersecting)), {
      rootMargin: '400px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  });
  const { loadOlder, loadingOlder, older } = log;
  useEffect(() => {
    if (atEnd && older && !loadingOlder) void loadOlder();
  }, [atEnd, older, loadingOlder, loadOlder]);

  return (
    <AdminPage
      title={t('admin.title.revelation')}
      actions={
        <>
          <Switch
            checked={follow}
            onChange={setFollow}
            label={t('admin.log.follow')}
            data-testid="log-follow"
          />
          <Button onClick={log.reload}>{t('admin.log.reload')}</Button>
        </>
      }
    >
      <div className="admin-toolbar log-toolbar">
        <select
          className="input"
          aria-label={t('admin.log.levelLabel')}
          value={choice}
          onChange={(event) => setChoice(event.target.value as LevelChoice)}
          data-testid="log-level"
        >
          {LEVEL_CHOICES.map((item) => (
            <option key={item.value} value={item.value}>
              {t(item.label)}
            </option>
          ))}
        </select>
        <input
          className="input log-search"
          type="search"
          placeholder={t('admin.log.search.placeholder')}
          aria-label={t('admin.log.search.label')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="log-search"
        />
        {requestId && (
          <button
            type="button"
            className="log-request-chip"
            onClick={() => setRequestId(null)}
            data-testid="log-request-filter"
          >
            {t('admin.log.requestFilter', { id: requestId.slice(0, 8) })}
          </button>
        )}
      </div>
      <p className="log-hint">
        {log.shared
          ? t('admin.log.hint.shared')
          : log.replica
            ? t('admin.log.hint.file', { replica: log.replica })
            : ''}
        {t('admin.log.hint')}
      </p>
      {log.status === 'loading' ? (
        <LoadingState />
      ) : log.status === 'error' ? (
        <ErrorState error={log.error} onRetry={log.reload} />
      ) : !log.enabled ? (
        <EmptyState>{t('admin.log.disabled')}</EmptyState>
      ) : shown.length === 0 && !older ? (
        <EmptyState>
          {log.lines.length === 0 && (choice === 'all' || choice === 'info')
            ? t('admin.log.empty')
            : t('admin.log.noMatch')}
        </EmptyState>
      ) : (
        <ol className="log-lines" data-testid="log-lines">
          {shown.map((line, index) => {
            const day = calendarDay(line.time);
            const previous = shown[index - 1];
            return (
              <Fragment key={line.id}>
                {(!previous || calendarDay(previous.time) !== day) && <li className="log-day">{day}</li>}
                <LogRow line={line} onRequest={setRequestId} />
              </Fragment>
            );
          })}
        </ol>
      )}
      <div ref={sentinel} className="log-end">
        {log.status === 'ready' &&
          (older ? (
            <Button onClick={loadOlder} loading={loadingOlder}>
              {t('admin.log.older')}
            </Button>
          ) : (
            log.lines.length > 0 && <span>{t('admin.log.oldest')}</span>
          ))}
      </div>
    </AdminPage>
  );
}
