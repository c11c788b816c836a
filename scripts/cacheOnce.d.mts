/** Types of cacheOnce.mjs for the TypeScript projects (which do not read JavaScript). */
export declare const fillOnce: (
  dir: string,
  fill: (tmp: string) => void | Promise<void>,
  options?: { staleMs?: number; waitMs?: number },
) => Promise<string>;
