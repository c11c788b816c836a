import './hitokoto.css';
import { useT } from '../../i18n/useT.ts';
import { useHitokoto } from './useHitokoto.ts';

/** A quote; clicking it (or Enter) brings another one not seen yet. */
export const Hitokoto = ({ className }: { className?: string }) => {
  const { status, quote, next } = useHitokoto();
  const t = useT();
  const source = quote ? [quote.fromWho, quote.from && `「${quote.from}」`].filter(Boolean).join(' ') : '';
  return (
    <figure className={className ? `hitokoto ${className}` : 'hitokoto'} data-testid="hitokoto">
      {/* The quote holds the button (a button may hold only phrasing content, not a blockquote). */}
      <blockquote className="hitokoto-text" data-quote-id={quote?.id}>
        <button
          type="button"
          className="hitokoto-button"
          title={t('hitokoto.next')}
          aria-busy={status === 'loading'}
          onClick={() => void next()}
        >
          {/* The quote is content (another site's), in its own language. */}
          {quote ? (
            <span data-content>{quote.hitokoto}</span>
          ) : status === 'failed' ? (
            t('hitokoto.failed')
          ) : (
            '……'
          )}
        </button>
      </blockquote>
      {source ? (
        <figcaption className="hitokoto-from" data-content>
          —— {source}
        </figcaption>
      ) : null}
    </figure>
  );
};
