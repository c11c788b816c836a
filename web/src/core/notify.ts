/**
 * How core code shows a message without depending on the UI: the toast module registers itself
 * here at start; until then (and in unit tests) messages go to the console or a test's listener.
 */
export type NoticeKind = 'info' | 'success' | 'warning' | 'error';
/** What a notice may carry beyond its text: the id of the server request that failed. */
export interface NoticeDetail {
  requestId?: string | undefined;
}
export type Notifier = (kind: NoticeKind, message: string, detail?: NoticeDetail) => void;

let notifier: Notifier = (kind, message) => {
  if (kind === 'error') console.warn(message);
};

export const setNotifier = (next: Notifier): void => {
  notifier = next;
};

export const notify = (kind: NoticeKind, message: string, detail?: NoticeDetail): void =>
  notifier(kind, message, detail);
