import { RequestError } from '../../core/request.ts';
import { useT } from '../../i18n/useT.ts';
import { toast } from '../toast.tsx';
import { permissionDeniedText, pushFailureText } from './pushFailure.ts';
import { bellEndpoint, pushSupported, setBellState, useBellState } from './replyBellState.ts';

/**
 * The bell on one's own comment: pressed, this browser is told of replies by Web Push (issue 25.3);
 * pressed again, no longer. The subscribing code loads on the first press.
 */
export const ReplyBell = () => {
  const state = useBellState();
  const t = useT();
  if (!pushSupported()) return null;
  const on = state === 'on';

  const toggle = async () => {
    const previous = state;
    setBellState('busy');
    try {
      const push = await import('./replyPush.ts');
      const endpoint = bellEndpoint();
      if (previous === 'on' && endpoint) {
        await push.unsubscribeFromReplies(endpoint);
        setBellState('off');
        toast.success(t('comments.bell.stopped'));
        return;
      }
      const result = await push.subscribeToReplies();
      if (result === 'denied') {
        setBellState('off');
        toast.error(permissionDeniedText());
        return;
      }
      const registration = await push.siteWorkerRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      setBellState('on', subscription?.endpoint ?? null);
      toast.success(t('comments.bell.started'));
    } catch (error) {
      setBellState(previous === 'busy' ? 'off' : previous);
      // The request client has already shown its own failures.
      if (!(error instanceof RequestError))
        toast.error(pushFailureText(error, 'Notification' in window ? Notification.permission : 'unknown'));
    }
  };

  return (
    <button
      type="button"
      className={on ? 'btn btn-text comment-bell on' : 'btn btn-text comment-bell'}
      aria-pressed={on}
      disabled={state === 'busy'}
      title={t(on ? 'comments.bell.on.title' : 'comments.bell.off.title')}
      data-testid="reply-bell"
      onClick={() => void toggle()}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" className="comment-bell-icon">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5-6.71V3.5a2 2 0 0 0-4 0v.79A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {t('comments.bell')}
    </button>
  );
};
