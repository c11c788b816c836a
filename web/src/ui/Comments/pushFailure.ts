/**
 * Why the reply bell could not subscribe, in words a visitor can act on (issue 41.10): browsers
 * answer in English ("Registration failed - permission denied") and mean different things by it.
 */
export const pushFailureText = (error: unknown, permission: NotificationPermission | 'unknown'): string => {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (permission === 'denied') return '浏览器禁止了本站的通知：请在地址栏的网站设置里允许通知后再试';
  if (name === 'NotAllowedError' || name === 'AbortError' || /permission denied/i.test(message)) {
    // Permission was not refused by the visitor, yet the push service was: a private window.
    return '这个窗口不能接收推送通知（无痕或隐私窗口里浏览器不允许），请在普通窗口里开启回复提醒';
  }
  if (name === 'NotSupportedError' || name === 'SecurityError' || name === 'InvalidStateError') {
    return '这个浏览器或窗口不支持推送通知，回复提醒用不了';
  }
  return `开启提醒失败：${message}`;
};

/** The browser's answer to `requestPermission` was no: refused now, or earlier, or by a private window. */
export const permissionDeniedText = '浏览器没有允许通知：可能是通知权限被关闭，或这是无痕（隐私）窗口';
