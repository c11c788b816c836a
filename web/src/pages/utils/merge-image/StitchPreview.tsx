import type { Layout } from './stitch.ts';

interface StitchPreviewProps {
  layout: Layout;
  urls: string[];
  /** Preview width in CSS pixels; the result is shown scaled down, exported at full size. */
  width: number;
}

/**
 * The result as a stack of cropped slices of the original files, so no giant canvas is needed to
 * show it; seams are drawn as dashed lines.
 */
export const StitchPreview = ({ layout, urls, width }: StitchPreviewProps) => {
  const scale = width / layout.width;
  return (
    <div className="merge-preview" style={{ width }} data-testid="preview">
      {layout.segments.map((s) => (
        <div key={`${s.frame}-${s.destY}`} className="merge-slice" style={{ height: s.height * scale }}>
          <img src={urls[s.frame]} alt="" style={{ width, marginTop: -s.srcY * scale }} draggable={false} />
        </div>
      ))}
      {layout.seams.map((y, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: seams are positional
        <div key={i} className="merge-seam-line" style={{ top: y * scale }}>
          <span>{i + 1}</span>
        </div>
      ))}
    </div>
  );
};
