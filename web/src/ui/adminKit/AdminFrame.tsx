import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, useLocation } from '../../app/router.tsx';
import { useT } from '../../i18n/useT.ts';
import { adminMenu } from './adminMenu.ts';
import { queryClient } from './queryClient.ts';

/** The side menu: every back-office page by group, the current one marked. */
const AdminMenu = ({ onPick }: { onPick?: () => void }) => {
  const t = useT();
  return (
    <nav className="admin-menu" aria-label={t('admin.kit.menu')}>
      {adminMenu.map((group) => (
        <section key={group.label} className="admin-menu-group">
          <h2 className="admin-menu-title">{t(group.label)}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end className="admin-menu-link" onClick={onPick}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
};

/**
 * The frame of every `/great-old-one/*` page (issue 10): a side menu on wide screens, a drawer
 * behind a 菜单 button on phones (closed on every route change), and the server-state cache.
 */
export const AdminFrame = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  const t = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on navigation is the point
  useEffect(() => setDrawer(false), [pathname]);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawer(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer]);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="admin-frame">
        <aside className="admin-side">
          <AdminMenu />
        </aside>
        <button
          type="button"
          className="btn admin-drawer-toggle"
          aria-expanded={drawer}
          aria-controls="admin-drawer"
          onClick={() => setDrawer(true)}
        >
          ☰ {t('admin.kit.menu')}
        </button>
        {drawer && (
          <>
            <div className="admin-drawer-mask" aria-hidden="true" onClick={() => setDrawer(false)} />
            <aside id="admin-drawer" className="admin-drawer" aria-label={t('admin.kit.menu')}>
              <AdminMenu onPick={() => setDrawer(false)} />
            </aside>
          </>
        )}
        <div className="admin-content">{children}</div>
      </div>
    </QueryClientProvider>
  );
};
