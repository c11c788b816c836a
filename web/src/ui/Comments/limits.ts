/**
 * The contract's comment limits, repeated here because `@candy/contract/calls/*` carries zod,
 * which must stay out of the web bundle; limits.test.ts keeps the two equal.
 */
export const commentMaxLength = 2000;
export const guestNameMaxLength = 32;
/** Most moments one counts call asks about. */
export const commentCountsMaxIds = 50;
