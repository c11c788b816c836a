/**
 * DATA_DIR when unset. Its own module because the process entry (boot/main.ts) needs it before the
 * configuration loads, and must not bundle the configuration's schema (zod) to get it.
 */
export const defaultDataDir = './data';
