import { useMemo } from 'react';
import { identicon, identiconSize } from './identicon.ts';

/** An identicon drawn as inline SVG from `seed`; decorative (the name sits beside it). */
export const Avatar = ({ seed, size = 40 }: { seed: string; size?: number }) => {
  const { hue, cells } = useMemo(() => identicon(seed), [seed]);
  const pad = 0.5;
  const box = identiconSize + pad * 2;
  return (
    <svg
      className="avatar"
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      aria-hidden="true"
      data-seed={seed}
    >
      <rect width={box} height={box} rx={1} fill={`hsl(${hue} 60% 92%)`} />
      {cells.map((on, index) =>
        on ? (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are a fixed grid, the index is the cell
            key={index}
            x={pad + (index % identiconSize)}
            y={pad + Math.floor(index / identiconSize)}
            width={1}
            height={1}
            fill={`hsl(${hue} 55% 50%)`}
          />
        ) : null,
      )}
    </svg>
  );
};
