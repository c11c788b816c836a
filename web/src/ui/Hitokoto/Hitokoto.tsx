import './hitokoto.css';
import { useHitokoto } from './useHitokoto.ts';

/** A quote; clicking it (or Enter) brings another one not seen yet. */
export const Hitokoto = ({ className }: { className?: string }) => {
  const { status, quote, next } = useHitokoto();
  const source = quote ? [quote.fromWho, quote.from && `「${quote.from}」`].filter(Boolean).join(' ') : '';
  return (
    <figure className={className ? `hitokoto ${className}` : 'hitokoto'} data-testid="hitokoto">
      {/* The quote holds the button (a button may hold only phrasing content, not a blockquote). */}
      <blockquote className="hitokoto-text" data-quote-id={quote?.id}>
        <button
          type="button"
          className="hitokoto-button"
          title="换一句"
          aria-busy={status === 'loading'}
          onClick={() => void next()}
        >
          {quote ? quote.hitokoto : status === 'failed' ? '一言加载失败，点击重试' : '……'}
        </button>
      </blockquote>
      {source ? <figcaption className="hitokoto-from">—— {source}</figcaption> : null}
    </figure>
  );
};
