/** A 5×5 mirrored pattern and a colour, derived from a seed string. */
export interface Identicon {
  /** 0–359. */
  hue: number;
  /** Row-major 5×5 cells, left-right symmetric. */
  cells: boolean[];
}

export const identiconSize = 5;

/** FNV-1a, 32 bit: small, fast, well spread for short strings. */
const fnv1a = (text: string, basis = 0x811c9dc5): number => {
  let hash = basis;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

/**
 * Derives the identicon locally from the seed the server gives (a hash of the author's email or
 * uuid), so showing an avatar never calls a third party.
 */
export const identicon = (seed: string): Identicon => {
  const bits = fnv1a(seed);
  const colour = fnv1a(seed, bits);
  const half = Math.ceil(identiconSize / 2);
  const cells: boolean[] = [];
  for (let row = 0; row < identiconSize; row += 1) {
    for (let column = 0; column < identiconSize; column += 1) {
      const source = column < half ? column : identiconSize - 1 - column;
      cells.push(((bits >>> (row * half + source)) & 1) === 1);
    }
  }
  return { hue: colour % 360, cells };
};
