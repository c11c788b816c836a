import { type ReactNode, useId, useState } from 'react';
import { spec } from '../i18n/i18n.ts';
import { confirm } from './Dialog.tsx';
import { reportError } from './reportError.ts';

export interface ButtonProps {
  children?: ReactNode;
  kind?: 'default' | 'primary' | 'dangerous' | 'text';
  /** May be async: the button is locked and shows a spinner until it settles. */
  onClick?: () => unknown;
  /**
   * Ask before running. Dangerous buttons ask by default (提示 / 确认执行操作?); pass `false` to
   * skip, or your own title and message.
   */
  confirm?: false | { title?: string; message?: string };
  disabled?: boolean;
  /** Why the button is disabled: its tooltip and its accessible description while disabled. */
  disabledReason?: string | undefined;
  /** Externally driven loading, added to the button's own. */
  loading?: boolean;
  className?: string;
  title?: string;
  type?: 'button' | 'submit';
  'data-testid'?: string;
}

/** Spec §4: locked while its handler runs; a rejection of exactly `false` is silent. */
export const Button = ({
  children,
  kind = 'default',
  onClick,
  confirm: ask,
  disabled,
  disabledReason,
  loading,
  className,
  title,
  type = 'button',
  'data-testid': testId,
}: ButtonProps) => {
  const [running, setRunning] = useState(false);
  const reasonId = useId();
  const why = disabled && disabledReason ? disabledReason : undefined;
  const busy = running || Boolean(loading);
  const needsConfirm = ask !== false && (ask !== undefined || kind === 'dangerous');
  const run = async () => {
    if (busy || !onClick) return;
    setRunning(true);
    try {
      if (needsConfirm) {
        await confirm({
          title: (ask || undefined)?.title ?? spec('confirmTitle'),
          message: (ask || undefined)?.message ?? spec('confirmMessage'),
        });
      }
      await onClick();
    } catch (error) {
      reportError(error);
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <button
        type={type}
        className={`btn btn-${kind}${className ? ` ${className}` : ''}`}
        disabled={disabled || busy}
        aria-busy={busy}
        title={why ?? title}
        aria-describedby={why ? reasonId : undefined}
        data-testid={testId}
        onClick={() => void run()}
      >
        {busy && <span className="spinner" />}
        {children}
      </button>
      {why && (
        <span id={reasonId} className="sr-only">
          {why}
        </span>
      )}
    </>
  );
};
