import { t } from '../../i18n/i18n.ts';

/**
 * Why the reply bell could not subscribe, in words a visitor can act on (issue 41.10): browsers
 * answer in English ("Registration failed - permission denied") and mean different things by it.
 */
export const pushFailureText = (error: unknown, permission: NotificationPermission | 'unknown'): string => {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (permission === 'denied') return t('comments.push.denied');
  if (name === 'NotAllowedError' || name === 'AbortError' || /permission denied/i.test(message)) {
    // Permission was not refused by the visitor, yet the push service was: a private window.
    return t('comments.push.private');
  }
  if (name === 'NotSupportedError' || name === 'SecurityError' || name === 'InvalidStateError') {
    return t('comments.push.unsupported');
  }
  return t('comments.push.failed', { message });
};

/** The browser's answer to `requestPermission` was no: refused now, or earlier, or by a private window. */
export const permissionDeniedText = (): string => t('comments.push.notAllowed');
