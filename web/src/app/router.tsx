import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

/**
 * A small history router with the part of React Router's API this app uses (`Link`, `NavLink`,
 * `Navigate`, `useLocation`, `useNavigate`, `useSearchParams`, `useParams`). React Router costs
 * ~12 KB gzip of first-load JavaScript that our static route table does not need (DESIGN §8's
 * 100 KB budget), so Vite aliases `react-router` to this file; see docs/decisions.md.
 */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const listeners = new Set<() => void>();
let current: Location | null = null;
let keyCounter = 0;

const read = (): Location => {
  const { pathname, search, hash } = window.location;
  const state = (window.history.state as { usr?: unknown; key?: string } | null) ?? null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
};

const emit = () => {
  current = read();
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  if (listeners.size === 0) window.addEventListener('popstate', emit);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', emit);
  };
};

const snapshot = (): Location => {
  current ??= read();
  return current;
};

export const hrefOf = (to: To): string => {
  if (typeof to === 'string') {
    const url = new URL(to, window.location.href);
    return url.pathname + url.search + url.hash;
  }
  return (to.pathname ?? window.location.pathname) + (to.search ?? '') + (to.hash ?? '');
};

/** Navigates without a page load; a number walks the history like `history.go`. */
export const navigate = (to: To | number, options: NavigateOptions = {}): void => {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  keyCounter += 1;
  const entry = { usr: options.state ?? null, key: `k${keyCounter}` };
  const href = hrefOf(to);
  if (options.replace) window.history.replaceState(entry, '', href);
  else window.history.pushState(entry, '', href);
  emit();
};

export const useLocation = (): Location => useSyncExternalStore(subscribe, snapshot, snapshot);

export const useNavigate = () =>
  useCallback((to: To | number, options?: NavigateOptions) => navigate(to, options), []);

export const useParams = (): Record<string, string | undefined> => ({});

export const useSearchParams = (): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void,
] => {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
    const text = new URLSearchParams(next).toString();
    navigate({ search: text ? `?${text}` : '' }, options);
  }, []);
  return [params, set];
};

const isPlainLeftClick = (e: MouseEvent<HTMLAnchorElement>) =>
  e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey && !e.defaultPrevented;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  children?: ReactNode;
}

export const Link = ({ to, replace, state, onClick, target, ...rest }: LinkProps) => (
  <a
    {...rest}
    target={target}
    href={hrefOf(to)}
    onClick={(e) => {
      onClick?.(e);
      if (!isPlainLeftClick(e) || (target && target !== '_self')) return;
      e.preventDefault();
      navigate(to, { replace: replace ?? false, state });
    }}
  />
);

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  /** Active only on the exact path, not below it. */
  end?: boolean;
}

export const NavLink = ({ className, end, ...rest }: NavLinkProps) => {
  const { pathname } = useLocation();
  const target = hrefOf(rest.to).split(/[?#]/)[0] ?? '';
  const isActive = pathname === target || (!end && pathname.startsWith(`${target.replace(/\/$/, '')}/`));
  const base = typeof className === 'function' ? className({ isActive }) : className;
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={[base, typeof className !== 'function' && isActive ? 'active' : '']
        .filter(Boolean)
        .join(' ')}
    />
  );
};

export const Navigate = ({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) => {
  useEffect(() => navigate(to, { replace: replace ?? false, state }), [to, replace, state]);
  return null;
};

/** React Router's provider, for compatibility: this router needs none. */
export const BrowserRouter = ({ children }: { children?: ReactNode }) => children;
