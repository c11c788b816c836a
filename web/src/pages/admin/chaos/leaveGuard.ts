import { useEffect, useRef } from 'react';
import { navigate } from '../../../app/router.tsx';
import { t } from '../../../i18n/i18n.ts';
import { confirm } from '../../../ui/Dialog.tsx';

/** Asks before unsaved writing is left behind; answers whether to go on. */
export const confirmLeave = (): Promise<boolean> =>
  confirm({
    title: t('admin.desk.leave.title'),
    message: t('admin.desk.leave.message'),
    confirmText: t('admin.desk.leave.confirm'),
    cancelText: t('admin.desk.leave.cancel'),
  }).then(
    () => true,
    () => false,
  );

/** An in-app link (same origin, same tab) the click would follow, or null. */
const inAppTarget = (event: MouseEvent): string | null => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
    return null;
  }
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || url.pathname === location.pathname) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * While `dirty`, leaving the page asks first: a menu link (caught before the router sees the click)
 * and closing or reloading the tab (the browser's own beforeunload prompt).
 */
export const useLeaveGuard = (dirty: boolean): void => {
  const latest = useRef(dirty);
  latest.current = dirty;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current) return;
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!latest.current) return;
      const to = inAppTarget(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      void confirmLeave().then((leave) => {
        if (leave) navigate(to);
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
};
