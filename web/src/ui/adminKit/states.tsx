import type { ReactNode } from 'react';
import { RequestError } from '../../core/request.ts';
import { useT } from '../../i18n/useT.ts';

export const LoadingState = ({ children }: { children?: ReactNode }) => {
  const t = useT();
  return (
    <div className="admin-state" role="status" aria-live="polite">
      <span className="spinner" /> {children ?? t('admin.kit.loading')}
    </div>
  );
};

export const EmptyState = ({ children }: { children?: ReactNode }) => {
  const t = useT();
  return (
    <div className="admin-state admin-state-empty" data-testid="empty-state">
      {children ?? t('admin.kit.empty')}
    </div>
  );
};

const messageOf = (error: unknown): string =>
  error instanceof RequestError || error instanceof Error ? error.message : String(error);

export const ErrorState = ({ error, onRetry }: { error: unknown; onRetry?: () => unknown }) => {
  const t = useT();
  return (
    <div className="admin-state admin-state-error" role="alert">
      {t('admin.kit.loadFailed', { message: messageOf(error) })}
      {onRetry && (
        <button type="button" className="btn" onClick={() => void onRetry()}>
          {t('admin.kit.retry')}
        </button>
      )}
    </div>
  );
};

export type BadgeTone = 'info' | 'success' | 'warning' | 'danger' | 'muted';

export const Badge = ({ tone = 'info', children }: { tone?: BadgeTone; children: ReactNode }) => (
  <span className={`admin-badge admin-badge-${tone}`}>{children}</span>
);

/**
 * A horizontal bar; `value` from 0 to 1. `name` is what it measures, for screen readers: every
 * progress bar has one (axe's aria-progressbar-name; issue 41.6).
 */
export const ProgressBar = ({ value, label, name }: { value: number; label?: ReactNode; name: string }) => {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="admin-progress">
      <div
        className="admin-progress-track"
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="admin-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="admin-progress-label">{label ?? `${percent}%`}</span>
    </div>
  );
};
