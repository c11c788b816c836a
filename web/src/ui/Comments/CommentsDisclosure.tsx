import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n/useT.ts';
import { Spinner } from '../Spinner.tsx';
import type { CommentsProps } from './Comments.tsx';

// Comments are code most readers never open: their own chunk, fetched on the first click.
const Comments = lazy(() => import('./Comments.tsx'));

export interface CommentsDisclosureProps extends CommentsProps {
  /** The footer's class: it sits in its card's own layout. */
  footerClassName: string;
  /** What the button says while the thread is closed, and while it is open. */
  label: string;
  openLabel: string;
  /** Open at once: the address names one of its comments (`#comment-N`, a reply notification). */
  initiallyOpen?: boolean;
  testId?: string;
}

/** A card's footer button that opens its comment thread in place, under the card's content. */
export const CommentsDisclosure = ({
  footerClassName,
  label,
  openLabel,
  initiallyOpen = false,
  testId,
  ...thread
}: CommentsDisclosureProps) => {
  const [open, setOpen] = useState(initiallyOpen);
  const t = useT();
  const threadId = `${thread.targetType}-${thread.targetId}-comments`;
  return (
    <>
      <footer className={footerClassName}>
        <button
          type="button"
          className="btn btn-text"
          aria-expanded={open}
          aria-controls={threadId}
          data-testid={testId}
          onClick={() => setOpen(!open)}
        >
          {open ? openLabel : label}
        </button>
      </footer>
      {open ? (
        <div id={threadId}>
          <Suspense fallback={<Spinner label={t('comments.loading')} />}>
            <Comments {...thread} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
};
