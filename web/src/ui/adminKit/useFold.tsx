import { type ReactNode, useState } from 'react';
import { useT } from '../../i18n/useT.ts';

/**
 * A long list folded to its first `limit` items, with a button that shows the rest: the back
 * office's home on a phone must not be a dozen screens of log rows (issue 41.3).
 */
export const useFold = <T,>(
  items: readonly T[],
  limit: number,
): { shown: readonly T[]; toggle: ReactNode } => {
  const [open, setOpen] = useState(false);
  const t = useT();
  if (items.length <= limit) return { shown: items, toggle: null };
  return {
    shown: open ? items : items.slice(0, limit),
    toggle: (
      <button
        type="button"
        className="btn btn-text admin-fold"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="fold-toggle"
      >
        {open ? t('admin.kit.fold.less') : t('admin.kit.fold.all', { count: items.length })}
      </button>
    ),
  };
};
