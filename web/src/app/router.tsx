import { type ComponentProps, useCallback, useEffect } from 'react';
import { Link as WouterLink } from 'wouter';
import { navigate, usePathname, useSearch } from 'wouter/use-browser-location';

/**
 * Routing primitives over wouter (≈ 2 KB gzip; React Router would cost 12–31 KB of the 100 KB
 * first-load budget, DESIGN §8 — see docs/decisions.md). The route table itself is static
 * (`routeTable.ts`); this file only adapts wouter to the names the app uses.
 */
export { navigate };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export const useLocation = (): { pathname: string; search: string } => ({
  pathname: usePathname(),
  search: useSearch(),
});

export const useNavigate = () =>
  useCallback((to: string, options: NavigateOptions = {}) => navigate(to, options), []);

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean };

export const Link = ({ to, ...rest }: LinkProps) => <WouterLink href={to} {...rest} />;

/** A link that knows whether it points at the current page (`end`: only the exact path counts). */
export const NavLink = ({ to, end, className, ...rest }: LinkProps & { end?: boolean }) => {
  const pathname = usePathname();
  const target = to.split(/[?#]/)[0] ?? '';
  const isActive = pathname === target || (!end && pathname.startsWith(`${target.replace(/\/$/, '')}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={[className, isActive ? 'active' : ''].filter(Boolean).join(' ')}
    />
  );
};

export const Navigate = ({ to, replace = false }: { to: string; replace?: boolean }) => {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
};
