import { type RefObject, useEffect, useState } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps the keyboard inside a modal while it is open (issue 17): focus moves into it (its first
 * `autoFocus` control, else the first control, else the panel), Tab and Shift+Tab cycle within it,
 * and when it closes focus returns to what had it before — the button that opened it.
 */
export const useFocusTrap = (panel: RefObject<HTMLElement | null>): void => {
  // Read while rendering: by the time effects run, an `autoFocus` inside has taken focus already.
  const [before] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    const focusables = () =>
      [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));
    if (!root.contains(document.activeElement)) {
      const first = root.querySelector<HTMLElement>('[autofocus]') ?? focusables()[0] ?? root;
      first.focus({ preventScroll: true });
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) {
        e.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !root.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !root.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, [panel, before]);
};
