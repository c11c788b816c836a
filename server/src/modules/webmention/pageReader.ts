type PageReader = typeof import('./runtime.ts');

let loading: Promise<PageReader> | null = null;

/** The HTML and microformats readers, loaded once on first need (see runtime.ts). */
export const pageReader = (): Promise<PageReader> => (loading ??= import('./runtime.ts'));
