import { Limits } from '@candy/contract/constants';
import type { NoticeKind } from '../core/notify.ts';
import { createStore, useStore } from '../core/store.ts';
import { nextZIndex } from './layers.ts';

interface ToastItem {
  id: number;
  kind: NoticeKind;
  message: string;
  leaving: boolean;
  action?: ToastAction | undefined;
}

/** A button inside the toast (e.g. 撤销); pressing it runs `run` and dismisses the toast. */
export interface ToastAction {
  label: string;
  run: () => unknown;
}

const toasts = createStore<{ list: ToastItem[] }>({ list: [] });
let lastId = 0;

const patch = (id: number, change: Partial<ToastItem> | null) =>
  toasts.set({
    list: toasts
      .get()
      .list.flatMap((t) => (t.id !== id ? [t] : change === null ? [] : [{ ...t, ...change }])),
  });

export interface ToastOptions {
  type?: NoticeKind;
  /** ms on screen; 3000 by default (spec §9). */
  duration?: number;
  action?: ToastAction;
}

/** Shows a message that leaves by itself: 3000ms on screen, 200ms in and out (spec §4, §9). */
export const toast = (
  message: string,
  { type = 'info', duration = Limits.toastDurationMs, action }: ToastOptions = {},
) => {
  lastId += 1;
  const id = lastId;
  toasts.set({ list: [...toasts.get().list, { id, kind: type, message, leaving: false, action }] });
  setTimeout(() => patch(id, { leaving: true }), duration);
  setTimeout(() => patch(id, null), duration + Limits.toastAnimationMs);
};

toast.info = (message: string, duration?: number) =>
  toast(message, { type: 'info', ...(duration ? { duration } : {}) });
toast.success = (message: string, duration?: number) =>
  toast(message, { type: 'success', ...(duration ? { duration } : {}) });
toast.warning = (message: string, duration?: number) =>
  toast(message, { type: 'warning', ...(duration ? { duration } : {}) });
toast.error = (message: string, duration?: number) =>
  toast(message, { type: 'error', ...(duration ? { duration } : {}) });

const zIndex = nextZIndex() + 1000;

export const ToastHost = () => {
  const list = useStore(toasts, (s) => s.list);
  return (
    <div className="toast-stack" style={{ zIndex }} aria-live="polite">
      {list.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`toast toast-${t.kind}${t.leaving ? ' toast-leaving' : ''}`}
          data-testid="toast"
        >
          {t.message}
          {t.action && (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                patch(t.id, null);
                void t.action?.run();
              }}
            >
              {t.action.label}
            </button>
          )}
        </div>
      ))}
    </div>
  );
};
