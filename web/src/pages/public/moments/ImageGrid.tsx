import type { MomentImage } from '@candy/contract/calls/moments';
import { openImageViewer } from '../../../ui/imageViewer/index.tsx';

/** One picture large; more as a grid of squares (two columns for 2 or 4, else three). */
export const ImageGrid = ({ images }: { images: readonly MomentImage[] }) => {
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
          aria-label={`查看第 ${index + 1} 张图片`}
          onClick={() => void openImageViewer({ src: image.url })}
        >
          <img
            src={image.url}
            alt=""
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
          />
        </button>
      ))}
    </div>
  );
};
