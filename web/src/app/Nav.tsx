import { Limits, SiteDefaults } from '@candy/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { appState, useAppInfo, useDarkMode, useIsOffline, useIsOwner } from '../core/appState.ts';
import { runtimeConfig } from '../core/runtimeConfig.ts';
import { useT } from '../i18n/useT.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { GearIcon } from './GearIcon.tsx';
import { createGate } from './gate.ts';
import { Logo } from './Logo.tsx';
import { navItems } from './navItems.ts';
import { Link, NavLink, useLocation } from './router.tsx';
import { Settings } from './Settings.tsx';
import { scrollToTop, useScrollY } from './useScroll.ts';

const NavLinks = () => {
  const ctx = {
    owner: useIsOwner(),
    gate: useAppInfo((i) => i.openGreatOldOneGate),
    dark: useDarkMode(),
    offline: useIsOffline(),
  };
  const loading = useAppInfo((i) => i.routeLoading);
  const t = useT();
  return (
    <>
      {navItems
        .filter((item) => item.visible(ctx))
        .map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className="nav-link"
            data-testid={`nav-${item.prefix.slice(1)}`}
          >
            {t(item.label)}
            {loading?.startsWith(item.prefix) && <Spinner />}
          </NavLink>
        ))}
    </>
  );
};

/**
 * The top navigation of spec §2: the logo (the secret gate; past 50px of scroll the page title
 * instead, which scrolls to top), the brand link to /home, the menu items and the switches; on
 * mobile a menu icon with a slide-in menu that closes on every route change.
 */
export const Nav = ({ pageTitle }: { pageTitle: string }) => {
  const scrollY = useScrollY();
  const mobile = useAppInfo((i) => i.mobileMode);
  const routeLoading = useAppInfo((i) => i.routeLoading !== null);
  const dark = useDarkMode();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const gate = useRef(createGate());
  const t = useT();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a route change
  useEffect(() => {
    setMenuOpen(false);
    setSettingsOpen(false);
  }, [pathname]);

  const onLogo = () => {
    if (gate.current(Date.now())) appState.set({ openGreatOldOneGate: true });
  };
  const scrolled = scrollY > Limits.titleSwapScrollPx;
  const shadow = Math.min(scrollY, Limits.navShadowCapPx);
  return (
    <>
      <header className="nav" style={{ boxShadow: `0 0 ${shadow}px var(--shadow)` }} data-shadow={shadow}>
        {mobile && routeLoading && (
          // The menu with the item's spinner closes at once on a phone: the marker shows here.
          <div
            className="route-progress"
            role="progressbar"
            aria-label={t('nav.loading')}
            data-testid="route-progress"
          />
        )}
        {scrolled ? (
          <button type="button" className="nav-page-title" data-testid="nav-page-title" onClick={scrollToTop}>
            {pageTitle || runtimeConfig.title}
          </button>
        ) : (
          <button
            type="button"
            className="nav-logo"
            data-testid="nav-logo"
            aria-label="logo"
            onClick={onLogo}
          >
            <Logo />
          </button>
        )}
        {/* The owner's h-card (microformats2, issue 29.4): name and address on every page. */}
        <Link to="/home" className="brand h-card" data-testid="brand">
          <span className="brand-title p-name" data-content>
            {runtimeConfig.title}
          </span>
          <small className="brand-slogan p-note" data-testid="slogan" data-content>
            {dark ? SiteDefaults.darkSlogan : SiteDefaults.slogan}
          </small>
        </Link>
        {mobile ? (
          <button
            type="button"
            className="nav-menu-icon"
            aria-label={t('nav.menu')}
            aria-expanded={menuOpen}
            data-testid="menu-icon"
            onClick={() => setMenuOpen(true)}
          >
            <span />
            <span />
            <span />
          </button>
        ) : (
          <nav className="nav-links" aria-label={t('nav.main')}>
            <NavLinks />
            <div className="settings-anchor">
              <button
                type="button"
                className="nav-settings"
                aria-label={t('nav.settings')}
                aria-expanded={settingsOpen}
                data-testid="settings-button"
                onClick={() => setSettingsOpen((o) => !o)}
              >
                <GearIcon />
              </button>
              {settingsOpen && (
                <div className="settings-panel">
                  <Settings />
                </div>
              )}
            </div>
          </nav>
        )}
      </header>
      {mobile && (
        <>
          <div
            className={`mobile-mask${menuOpen ? ' open' : ''}`}
            data-testid="mobile-mask"
            onClick={() => setMenuOpen(false)}
            aria-hidden="true"
          />
          <aside
            className={`mobile-menu${menuOpen ? ' open' : ''}`}
            data-testid="mobile-menu"
            aria-hidden={!menuOpen}
            // Closed, its links must not take focus either (a hidden menu Tab still reached).
            inert={!menuOpen}
          >
            <nav className="mobile-links" aria-label={t('nav.main')}>
              <NavLinks />
            </nav>
            <Settings />
          </aside>
        </>
      )}
    </>
  );
};
