import { useState } from 'react';
import { spec, t } from '../i18n/i18n.ts';
import type { AskOptions, InputRule } from './Dialog.tsx';
import { Dialog } from './DialogFrame.tsx';
import { reportError } from './reportError.ts';

/** The dialog behind confirm, prompt and confirm-with-input: a chunk of its own, loaded when first asked. */
export const AskDialog = ({
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
  const label = input?.confirmLabel?.(value) ?? options.confirmText ?? t('dialog.ok');
  return (
    <Dialog
      title={options.title ?? spec('confirmTitle')}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            {options.cancelText ?? t('dialog.cancel')}
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
