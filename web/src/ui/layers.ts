import { Limits } from '@candy/contract/constants';

let top: number = Limits.overlayZIndex;

/** Each new overlay (dialog, viewer, toast) stacks above the last, starting at 2000 (spec §9). */
export const nextZIndex = (): number => {
  top += 1;
  return top;
};
