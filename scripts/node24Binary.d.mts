/** Types of node24Binary.mjs for the TypeScript projects (which do not read JavaScript). */
export declare const NODE24_VERSION: string;
export declare const node24Dir: string;
export declare const node24Binary: () => Promise<string>;
