import { type ReactNode, useEffect, useRef } from 'react';
import { t } from '../i18n/i18n.ts';
import { useFocusTrap } from './focusTrap.ts';

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** The × button, the mask and Escape. */
  onClose: () => void;
  className?: string;
}

/** A modal panel on a mask. Render it inside `openOverlay` (or use confirm / prompt below). */
export const Dialog = ({ title, children, footer, onClose, className }: DialogProps) => {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the mask closes; Escape is the keyboard way
    <div className="dialog-mask" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        tabIndex={-1}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={String(title)}
      >
        <header className="dialog-header">
          <h3>{title}</h3>
          <button type="button" className="dialog-close" aria-label={t('dialog.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>
  );
};
