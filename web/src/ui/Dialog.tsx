import { Texts } from '@candy/contract/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useFocusTrap } from './focusTrap.ts';
import { openOverlay } from './overlayHost.tsx';
import { reportError } from './reportError.ts';

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** The × button, the mask and Escape. */
  onClose: () => void;
  className?: string;
}

/** A modal panel on a mask. Render it inside `openOverlay` (or use confirm / prompt below). */
export const Dialog = ({ title, children, footer, onClose, className }: DialogProps) => {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the mask closes; Escape is the keyboard way
    <div className="dialog-mask" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        tabIndex={-1}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={String(title)}
      >
        <header className="dialog-header">
          <h3>{title}</h3>
          <button type="button" className="dialog-close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>
  );
};

export interface AskOptions {
  title?: ReactNode;
  message?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Runs on confirm with the button loading; a rejection keeps the dialog open. */
  onConfirm?: (value: string) => unknown;
}

interface InputRule {
  placeholder?: string;
  initial?: string;
  validate: (value: string) => string | null;
  /** Button label from the current input (the dark-key dialog's confirm / ignore). */
  confirmLabel?: (value: string) => string;
  inputType?: string;
}

/**
 * One dialog behind confirm, prompt and confirm-with-input. Resolves with the input ('' without
 * one) after `onConfirm` resolved; cancel and close reject with `false`, which every handler
 * of this kit swallows silently (spec §4).
 */
const ask = (options: AskOptions, input: InputRule | null): Promise<string> =>
  new Promise((resolve, reject) => {
    openOverlay((close) => (
      <AskDialog
        options={options}
        input={input}
        onDone={(value) => {
          close();
          resolve(value);
        }}
        onCancel={() => {
          close();
          reject(false);
        }}
      />
    ));
  });

const AskDialog = ({
  options,
  input,
  onDone,
  onCancel,
}: {
  options: AskOptions;
  input: InputRule | null;
  onDone: (value: string) => void;
  onCancel: () => void;
}) => {
  const [value, setValue] = useState(input?.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const submit = async () => {
    if (loading) return;
    const problem = input?.validate(value) ?? null;
    setError(problem);
    if (problem) return;
    setLoading(true);
    try {
      await options.onConfirm?.(value);
      onDone(value);
    } catch (e) {
      reportError(e);
      setLoading(false);
    }
  };
  const label = input?.confirmLabel?.(value) ?? options.confirmText ?? '确定';
  return (
    <Dialog
      title={options.title ?? Texts.confirmTitle}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            {options.cancelText ?? '取消'}
          </button>
          <button type="button" className="btn btn-primary" disabled={loading} onClick={() => void submit()}>
            {loading && <span className="spinner" />}
            {label}
          </button>
        </>
      }
    >
      {options.message && <div className="dialog-message">{options.message}</div>}
      {input && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <input
            className="input"
            autoFocus
            type={input.inputType ?? 'text'}
            value={value}
            placeholder={input.placeholder}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error !== null}
          />
          {error && <p className="field-error">{error}</p>}
        </form>
      )}
    </Dialog>
  );
};

/** Title 提示 and message 确认执行操作? unless given (spec §5). */
export const confirm = (options: AskOptions = {}): Promise<void> =>
  ask({ message: Texts.confirmMessage, ...options }, null).then(() => undefined);

export interface PromptOptions extends AskOptions {
  pattern?: RegExp;
  /** Shown when the pattern does not match; `Illegal input` by default (spec §5). */
  error?: string;
  placeholder?: string;
  initial?: string;
  inputType?: string;
  /** Label of the confirm button as a function of the input. */
  confirmLabel?: (value: string) => string;
}

export const prompt = (options: PromptOptions = {}): Promise<string> =>
  ask(options, {
    ...(options.placeholder !== undefined && { placeholder: options.placeholder }),
    ...(options.initial !== undefined && { initial: options.initial }),
    ...(options.inputType !== undefined && { inputType: options.inputType }),
    ...(options.confirmLabel !== undefined && { confirmLabel: options.confirmLabel }),
    validate: (value) =>
      options.pattern && !options.pattern.test(value) ? (options.error ?? Texts.illegalInput) : null,
  });

/** A confirm that needs text typed; empty input fails with 请输入内容 (spec §5). */
export const confirmInput = (options: Omit<PromptOptions, 'pattern' | 'error'> = {}): Promise<string> =>
  ask(options, {
    ...(options.placeholder !== undefined && { placeholder: options.placeholder }),
    ...(options.initial !== undefined && { initial: options.initial }),
    validate: (value) => (value.trim() === '' ? Texts.emptyInput : null),
  });
