import type { LogLevel, LogLine } from '@candy/contract/calls/log';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../core/request.ts';

const PAGE = 100;
const FOLLOW_EVERY_MS = 2000;
/** Following live for hours must not grow the page without end. */
const KEEP_AT_MOST = 5000;

export interface LogFilter {
  verbose: boolean;
  level?: LogLevel;
}

interface LogState {
  status: 'loading' | 'ready' | 'error';
  error?: unknown;
  lines: LogLine[];
  /** Cursor for older lines; null once the oldest file is read. */
  older: string | null;
  loadingOlder: boolean;
  replica: string;
  /** The lines are every replica's (`LOG_STORE=database`), each naming its own. */
  shared: boolean;
  enabled: boolean;
}

const EMPTY: LogState = {
  status: 'loading',
  lines: [],
  older: null,
  loadingOlder: false,
  replica: '',
  shared: false,
  enabled: true,
};

/**
 * The lines the log browser shows: the newest page first, older pages on demand (infinite scroll),
 * and — while following — the lines written since, asked for by the id of the newest one seen, so a
 * burst larger than a page arrives whole over a few quick reads.
 */
export const useLogLines = (filter: LogFilter, follow: boolean) => {
  const [state, setState] = useState<LogState>(EMPTY);
  // Answers for an earlier filter are dropped: each load bumps the generation.
  const generation = useRef(0);
  const newest = useRef<string | null>(null);
  const { verbose, level } = filter;
  const latest = useRef(state);
  latest.current = state;

  const reload = useCallback(async () => {
    const current = ++generation.current;
    setState(EMPTY);
    try {
      const page = await call('logList', { query: { verbose, level, limit: PAGE }, silent: true });
      if (current !== generation.current) return;
      newest.current = page.lines[0]?.id ?? null;
      setState({
        ...EMPTY,
        status: 'ready',
        lines: page.lines,
        older: page.next,
        replica: page.replica,
        shared: page.shared === true,
        enabled: page.enabled,
      });
    } catch (error) {
      if (current === generation.current) setState({ ...EMPTY, status: 'error', error });
    }
  }, [verbose, level]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadOlder = useCallback(async () => {
    const current = generation.current;
    const { status, loadingOlder, older: cursor } = latest.current;
    if (status !== 'ready' || loadingOlder || !cursor) return;
    latest.current = { ...latest.current, loadingOlder: true };
    setState((s) => ({ ...s, loadingOlder: true }));
    try {
      const page = await call('logList', { query: { verbose, level, limit: PAGE, continueUUID: cursor } });
      if (current !== generation.current) return;
      setState((s) => ({ ...s, lines: [...s.lines, ...page.lines], older: page.next, loadingOlder: false }));
    } catch {
      if (current === generation.current) setState((s) => ({ ...s, loadingOlder: false }));
    }
  }, [verbose, level]);

  const ready = state.status === 'ready';
  useEffect(() => {
    if (!follow || !ready) return;
    const current = generation.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      let wait = FOLLOW_EVERY_MS;
      try {
        const after = newest.current;
        const page = after
          ? await call('logList', { query: { verbose, level, limit: PAGE, after }, silent: true })
          : await call('logList', { query: { verbose, level, limit: PAGE }, silent: true });
        if (stopped || current !== generation.current) return;
        const fresh = after ? [...page.lines].reverse() : page.lines;
        newest.current = after ? page.next : (page.lines[0]?.id ?? null);
        if (fresh.length > 0) {
          setState((s) => {
            const lines = [...fresh, ...s.lines];
            if (lines.length <= KEEP_AT_MOST) return { ...s, lines };
            // Trimmed at the old end: scrolling down continues from the last line kept.
            const kept = lines.slice(0, KEEP_AT_MOST);
            return { ...s, lines: kept, older: kept[kept.length - 1]?.id ?? s.older };
          });
        }
        if (after && page.lines.length >= PAGE) wait = 0;
      } catch {
        // A failed poll is tried again at the next tick; the page keeps what it has.
      }
      if (!stopped) timer = setTimeout(poll, wait);
    };
    timer = setTimeout(poll, FOLLOW_EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [follow, ready, verbose, level]);

  return { ...state, reload, loadOlder };
};
