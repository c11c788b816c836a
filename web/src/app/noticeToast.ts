import { isOwner } from '../core/appState.ts';
import type { NoticeDetail, NoticeKind } from '../core/notify.ts';
import { t } from '../i18n/i18n.ts';
import { toast } from '../ui/toast.tsx';
import { navigate } from './router.tsx';

/** How long an error with a way to its log lines stays: long enough to press the button. */
const WITH_LOG_LINK_MS = 6000;

/**
 * A notice as a toast. A failed call's error shows the owner its request id with a button to that
 * request's lines in the log browser (issue 24); visitors see the message alone.
 */
export const showNotice = (kind: NoticeKind, message: string, detail?: NoticeDetail): void => {
  const requestId = detail?.requestId;
  if (kind !== 'error' || !requestId || !isOwner()) {
    toast(message, { type: kind });
    return;
  }
  toast(`${message}\n${t('notice.requestId', { id: requestId.slice(0, 8) })}`, {
    type: kind,
    duration: WITH_LOG_LINK_MS,
    action: {
      label: t('notice.viewLog'),
      run: () => navigate(`/great-old-one/revelation?req=${encodeURIComponent(requestId)}`),
    },
  });
};
