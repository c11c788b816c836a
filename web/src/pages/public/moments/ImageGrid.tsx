import type { MomentImage } from '@candy/contract/calls/moments';
import type { PictureMap } from '@candy/contract/pictureMarkup';
import { useT } from '../../../i18n/useT.ts';
import { openImageViewer } from '../../../ui/imageViewer/index.tsx';
import { Picture } from '../../../ui/Picture.tsx';

/** How wide the grid shows a picture (moments.css: one up to 320 px, else cells of ≈ 140 px). */
const sizesOf = { one: '320px', two: '140px', three: '140px' } as const;

/** One picture large; more as a grid of squares (two columns for 2 or 4, else three). */
export const ImageGrid = ({
  images,
  pictures,
}: {
  images: readonly MomentImage[];
  /** The pictures' copies and placeholders (issue 30), by URL. */
  pictures?: PictureMap | undefined;
}) => {
  const t = useT();
  if (images.length === 0) return null;
  const layout = images.length === 1 ? 'one' : images.length === 2 || images.length === 4 ? 'two' : 'three';
  return (
    <div className={`moment-images moment-images-${layout}`}>
      {images.map((image, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: a moment's pictures keep their order
          key={index}
          type="button"
          className="moment-image"
          aria-label={t('moments.image.nth', { n: index + 1 })}
          onClick={() => void openImageViewer({ src: image.url })}
        >
          <Picture
            src={image.url}
            alt=""
            width={image.width}
            height={image.height}
            info={pictures?.[image.url]}
            sizes={sizesOf[layout]}
          />
        </button>
      ))}
    </div>
  );
};
