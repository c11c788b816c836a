import type { ReactNode } from 'react';
import { spec } from '../i18n/i18n.ts';
import { openOverlay } from './overlayHost.tsx';

export type { DialogProps } from './DialogFrame.tsx';

export interface AskOptions {
  title?: ReactNode;
  message?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Runs on confirm with the button loading; a rejection keeps the dialog open. */
  onConfirm?: (value: string) => unknown;
}

export interface InputRule {
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
const ask = async (options: AskOptions, input: InputRule | null): Promise<string> => {
  // The dialog's code is not part of the first load (issue 44: room for the interface's languages).
  const { AskDialog } = await import('./AskDialog.tsx');
  return new Promise((resolve, reject) => {
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
};

/** Title 提示 and message 确认执行操作? unless given (spec §5). */
export const confirm = (options: AskOptions = {}): Promise<void> =>
  ask({ message: spec('confirmMessage'), ...options }, null).then(() => undefined);

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
      options.pattern && !options.pattern.test(value) ? (options.error ?? spec('illegalInput')) : null,
  });

/** A confirm that needs text typed; empty input fails with 请输入内容 (spec §5). */
export const confirmInput = (options: Omit<PromptOptions, 'pattern' | 'error'> = {}): Promise<string> =>
  ask(options, {
    ...(options.placeholder !== undefined && { placeholder: options.placeholder }),
    ...(options.initial !== undefined && { initial: options.initial }),
    validate: (value) => (value.trim() === '' ? spec('emptyInput') : null),
  });
