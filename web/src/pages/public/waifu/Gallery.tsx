import type { Waifu } from '@candy/contract/calls/waifu';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { openImageViewer } from '../../../ui/imageViewer/index.tsx';
import { Picture } from '../../../ui/Picture.tsx';
import { columnsFor, masonryColumns } from './masonry.ts';

/** How wide a column is (masonry.ts: 240–320 px columns, at least two). */
const COLUMN_SIZES = '(max-width: 640px) 50vw, 320px';

/** A masonry of pictures laid out from their known sizes; each opens the image viewer. */
export const Gallery = ({ list }: { list: readonly Waifu[] }) => {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(3);
  // The first count before the first paint: a gallery drawn in three columns and then re-flowed
  // into two on a phone moved every picture (issue 30: CLS 0.23 under Lighthouse).
  useLayoutEffect(() => {
    if (root.current) setColumns(columnsFor(root.current.clientWidth));
  }, []);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setColumns(columnsFor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const laidOut = useMemo(() => masonryColumns(list, columns), [list, columns]);
  return (
    <div ref={root} className="waifu-masonry" data-testid="waifu-gallery" data-content>
      {laidOut.map((column, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
        <div key={index} className="waifu-column">
          {column.map((picture, row) => (
            <button
              key={picture.id}
              type="button"
              className="waifu-item"
              data-testid="waifu-item"
              aria-label={picture.title ? t('waifu.view', { title: picture.title }) : t('image.view')}
              onClick={() => void openImageViewer({ src: picture.url, alt: picture.title })}
            >
              <Picture
                src={picture.preview || picture.url}
                alt={picture.title}
                width={picture.width}
                height={picture.height}
                info={picture.pictures?.[picture.url]}
                sizes={COLUMN_SIZES}
                // The top row is the first screen: it loads at once (issue 30: the largest paint).
                eager={row === 0}
              />
              {picture.title ? <span className="waifu-title">{picture.title}</span> : null}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
};
