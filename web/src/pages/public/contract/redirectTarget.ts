/** Where the owner goes after logging in when no redirect was asked for. */
export const DEFAULT_TARGET = '/great-old-one';

/**
 * The `redirect` query of /contract, kept only when it is a path of this site: anything else (an
 * absolute URL, `//host`, `/\host`, a `javascript:` URL) would turn the login into an open redirect.
 */
export const redirectTarget = (search: string): string => {
  const target = new URLSearchParams(search).get('redirect') ?? '';
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return DEFAULT_TARGET;
  if (target === '/contract' || target.startsWith('/contract?')) return DEFAULT_TARGET;
  return target;
};
