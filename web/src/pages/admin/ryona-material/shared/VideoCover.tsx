import type { Material } from '@candy/contract/calls/videos';
import type { PictureMap } from '@candy/contract/picture';
import { copyOf } from '@candy/contract/pictureCopy';
import { Picture } from '../../../../ui/Picture.tsx';
import { ownerMediaSrc } from './media.ts';

/**
 * A clip's or collection's cover in the back office's lists, 112 px wide (videos-admin.css): a copy
 * its size from the image pipeline (issue 30) once made, the stored frame until then.
 */
export const VideoCover = ({
  cover,
  pictures,
}: {
  cover: string | null;
  pictures?: PictureMap | undefined;
}) => {
  if (!cover) return <span className="video-cover" />;
  const info = pictures?.[cover];
  return (
    <Picture
      className="video-cover"
      src={ownerMediaSrc(cover) ?? cover}
      alt=""
      width={info?.width ?? 16}
      height={info?.height ?? 9}
      info={info}
      sizes="112px"
    />
  );
};

/** The preview player's poster: the first WebP copy at least 960 px wide (or the widest), else the frame. */
export const posterOf = (clip: Material): string | undefined => {
  const info = clip.cover ? clip.pictures?.[clip.cover] : undefined;
  return (info && copyOf(info, 960, 'webp')?.url) || ownerMediaSrc(clip.cover);
};
