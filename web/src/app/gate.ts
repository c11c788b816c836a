import { Limits } from '@candy/contract/constants';

/**
 * The secret gate (spec §2, §9): more than 10 logo clicks within one second. Returns a click
 * recorder that answers true on the click that opens it.
 */
export const createGate = (clicks: number = Limits.gateClicks, windowMs: number = Limits.gateWindowMs) => {
  let recent: number[] = [];
  return (now: number): boolean => {
    recent = [...recent.filter((t) => now - t < windowMs), now];
    return recent.length > clicks;
  };
};
