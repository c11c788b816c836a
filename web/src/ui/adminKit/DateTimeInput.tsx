import { useT } from '../../i18n/useT.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** ms → the `datetime-local` input's value in the viewer's local time. */
export const toLocalInput = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The input's value → ms, or null when empty or unreadable. */
export const fromLocalInput = (value: string): number | null => {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
};

/**
 * A date-time picker: the browser's own `datetime-local` (a calendar and clock on desktop, the
 * system wheel on phones), in local time, with a clear button.
 */
export const DateTimeInput = ({
  value,
  onChange,
  min,
  id,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  value: number | null;
  onChange: (ms: number | null) => void;
  min?: number;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) => {
  const t = useT();
  return (
    <span className="admin-datetime">
      <input
        id={id}
        type="datetime-local"
        className="input"
        value={value === null ? '' : toLocalInput(value)}
        min={min === undefined ? undefined : toLocalInput(min)}
        onChange={(event) => onChange(fromLocalInput(event.target.value))}
        aria-label={ariaLabel}
        data-testid={testId}
      />
      {value !== null && (
        <button type="button" className="btn btn-text" onClick={() => onChange(null)}>
          {t('admin.kit.datetime.clear')}
        </button>
      )}
    </span>
  );
};
