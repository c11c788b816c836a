import { type ReactNode, useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';

export interface Column<T> {
  key: string;
  title: ReactNode;
  /** The cell; without it the row's property named `key` is shown as text. */
  render?: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number | null | undefined;
  width?: string;
  className?: string;
}

export interface DataTableProps<T> {
  rows: T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => unknown;
  /** Shown when there are no rows. */
  empty?: ReactNode;
  initialSort?: { key: string; dir: 'asc' | 'desc' };
  'data-testid'?: string;
}

type Sortable = string | number | null | undefined;

const compare = (a: Sortable, b: Sortable): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'zh-CN');
};

const textOf = (title: ReactNode): string => (typeof title === 'string' ? title : '');

/**
 * The back office's table: sortable headers (click, or Enter on the focused header), loading,
 * error-with-retry and empty states; below 640px each row becomes a card of label/value lines.
 */
export const DataTable = <T,>({
  rows,
  columns,
  rowKey,
  loading,
  error,
  onRetry,
  empty,
  initialSort,
  'data-testid': testId,
}: DataTableProps<T>) => {
  const [sort, setSort] = useState(initialSort ?? null);
  const sorted = useMemo(() => {
    if (!rows || !sort) return rows;
    const column = columns.find((c) => c.key === sort.key);
    if (!column?.sortValue) return rows;
    const value = column.sortValue;
    const out = [...rows].sort((a, b) => compare(value(a), value(b)));
    return sort.dir === 'desc' ? out.reverse() : out;
  }, [rows, sort, columns]);

  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} />;
  if (!rows) return loading === false ? <EmptyState>{empty}</EmptyState> : <LoadingState />;

  const toggle = (key: string) =>
    setSort((s) => (s?.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));

  return (
    // Focusable: a wide table scrolls sideways in its box, and the keyboard must be able to scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs focus (WCAG 2.1.1).
    <div className="admin-table-wrap" tabIndex={0} data-testid={testId} aria-busy={loading || undefined}>
      <table className="admin-table admin-table-stack">
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort?.key === c.key;
              return (
                <th
                  key={c.key}
                  style={c.width ? { width: c.width } : undefined}
                  className={c.className}
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.sortValue ? (
                    <button type="button" className="admin-sort" onClick={() => toggle(c.key)}>
                      {c.title}
                      <span aria-hidden="true">{active ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                    </button>
                  ) : (
                    c.title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {(sorted ?? []).map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.className} data-label={textOf(c.title)}>
                  {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <EmptyState>{empty}</EmptyState>}
    </div>
  );
};
