import { type ReactNode, useId, useState } from 'react';
import { reportError } from './reportError.ts';

export interface SwitchProps {
  checked: boolean;
  /**
   * Called with the wanted value; the switch shows it only once this resolved and the owner of
   * `checked` changed it (spec §4). Rejecting with `false` leaves it silently as it was.
   */
  onChange: (next: boolean) => unknown;
  disabled?: boolean;
  /** Why it is disabled: its tooltip and accessible description while disabled. */
  disabledReason?: string | undefined;
  label?: ReactNode;
  /** The switch's name when no `label` text is beside it (a form field's caption elsewhere). */
  ariaLabel?: string;
  'data-testid'?: string;
}

export const Switch = ({
  checked,
  onChange,
  disabled,
  disabledReason,
  label,
  ariaLabel,
  'data-testid': testId,
}: SwitchProps) => {
  const [running, setRunning] = useState(false);
  const reasonId = useId();
  const why = disabled && disabledReason ? disabledReason : undefined;
  const toggle = async () => {
    if (running || disabled) return;
    setRunning(true);
    try {
      await onChange(!checked);
    } catch (error) {
      reportError(error);
    } finally {
      setRunning(false);
    }
  };
  return (
    <label className={`switch${disabled ? ' switch-disabled' : ''}`} data-testid={testId} title={why}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={ariaLabel}
        aria-busy={running}
        aria-describedby={why ? reasonId : undefined}
        disabled={disabled || running}
        className={`switch-track${checked ? ' switch-on' : ''}`}
        onClick={() => void toggle()}
      >
        <span className="switch-thumb">{running && <span className="spinner" />}</span>
      </button>
      {label && <span className="switch-label">{label}</span>}
      {why && (
        <span id={reasonId} className="sr-only">
          {why}
        </span>
      )}
    </label>
  );
};
