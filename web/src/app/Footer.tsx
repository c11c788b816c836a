import type { FriendLink } from '@candy/contract/calls/links';
import type { SiteSettings } from '@candy/contract/calls/meta';
import { Limits } from '@candy/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useIsOffline } from '../core/appState.ts';
import { call } from '../core/request.ts';
import { runtimeConfig } from '../core/runtimeConfig.ts';
import { peekSsr } from '../core/ssrData.ts';
import { spec, t } from '../i18n/i18n.ts';
import { useT } from '../i18n/useT.ts';
import { SubscribeSlot } from '../ui/Subscribe/SubscribeSlot.tsx';
import { defaultFooterTags } from './footerTags.ts';
import { Logo } from './Logo.tsx';
import { Link, useLocation } from './router.tsx';
import { scrollToTop } from './useScroll.ts';

/** We stamp our own builds (date-number); the spec's page build names the build it was written from. */
const pageBuildTitle = () => t('footer.pageBuild.title', { build: Limits.pageBuild });

const shuffled = <T,>(list: T[]): T[] => {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
};

const stateTitle: Record<FriendLink['state'], string> = {
  1: '',
  2: 'footer.link.lost',
  3: 'footer.link.oneWay',
};

/** Friend links in random order; nothing at all when they cannot be read (spec §2). */
const FriendLinks = ({ offline }: { offline: boolean }) => {
  // A server-rendered page (issue 16) comes with its links, already shuffled.
  const [links, setLinks] = useState<FriendLink[]>(() => peekSsr<FriendLink[]>('linkList') ?? []);
  const skipFirst = useRef(peekSsr('linkList') !== undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: offline switches the data source
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    call('linkList', { silent: true }).then(
      (list) => live && setLinks(shuffled(list)),
      () => live && setLinks([]),
    );
    return () => {
      live = false;
    };
  }, [offline]);
  const t = useT();
  if (links.length === 0) return null;
  return (
    <p className="footer-links" data-testid="friend-links">
      {links.map((l) => (
        <a
          key={l.id}
          href={l.url}
          target="_blank"
          rel="noopener"
          className={`friend-link friend-link-${l.state}`}
          // A friend's site is named in its owner's words (content, issue 44).
          data-content
          title={stateTitle[l.state] ? t(stateTitle[l.state]) : l.name}
        >
          {l.name}
        </a>
      ))}
    </p>
  );
};

const useServerVersion = (offline: boolean): string | null => {
  const [version, setVersion] = useState<string | null>(() => peekSsr<string>('systemVersion') ?? null);
  const skipFirst = useRef(version !== null);
  useEffect(() => {
    if (offline) return setVersion(spec('offlineVersion'));
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    call('systemVersion', { silent: true }).then(
      (v) => live && setVersion(v),
      () => live && setVersion(spec('offlineVersion')),
    );
    return () => {
      live = false;
    };
  }, [offline]);
  return version;
};

/** The owner's footer settings (tags, contact link, notices); the seeded defaults until they load or offline. */
const useSiteSettings = (offline: boolean): SiteSettings | null => {
  // A server-rendered page came with them (issue 16): no read before the page is shown.
  const [settings, setSettings] = useState<SiteSettings | null>(
    () => peekSsr<SiteSettings>('metaSite') ?? null,
  );
  const skipFirst = useRef(peekSsr('metaSite') !== undefined);
  useEffect(() => {
    if (offline) return setSettings(null);
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    call('metaSite', { silent: true }).then(
      (s) => live && setSettings(s),
      () => live && setSettings(null),
    );
    return () => {
      live = false;
    };
  }, [offline]);
  return settings;
};

const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** The essays' pages carry their own subscription form (issue 43): one form a page, not two. */
const hasOwnSubscribeForm = (path: string) => /^\/chaos(\/\d+)?\/?$/.test(path);

/** The footer of spec §2. */
export const Footer = () => {
  const offline = useIsOffline();
  const serverVersion = useServerVersion(offline);
  const settings = useSiteSettings(offline);
  const t = useT();
  const tags = settings?.footerTags ?? defaultFooterTags();
  const contact = settings?.contact || '/about';
  const year = new Date().getFullYear();
  const { pathname } = useLocation();
  return (
    <footer className="footer">
      {offline || hasOwnSubscribeForm(pathname) ? null : <SubscribeSlot place="footer" />}
      <p className="footer-tags" data-testid="footer-tags" data-content>
        {tags.map((t) =>
          isInternal(t.href) ? (
            <Link key={`${t.name}-${t.href}`} to={t.href} title={t.title} className="tag">
              {t.name}
            </Link>
          ) : (
            <a
              key={`${t.name}-${t.href}`}
              href={t.href}
              title={t.title}
              className="tag"
              target="_blank"
              rel="noopener"
            >
              {t.name}
            </a>
          ),
        )}
      </p>
      <FriendLinks offline={offline} />
      <p>
        © {year} <span data-content>{runtimeConfig.title}</span> ·{' '}
        {isInternal(contact) ? (
          <Link to={contact}>{t('footer.contact')}</Link>
        ) : (
          <a href={contact} target="_blank" rel="noopener" data-testid="footer-contact">
            {t('footer.contact')}
          </a>
        )}{' '}
        · Powered by React, Vite, Fastify &amp; Kysely
      </p>
      {settings?.notices.map((notice) => (
        <p key={notice} className="footer-notice" data-testid="footer-owner-notice" data-content>
          {notice}
        </p>
      ))}
      <p className="footer-notice">{spec('noCookies')}</p>
      <p className="footer-versions">
        {t('footer.pageBuild')}{' '}
        <span data-testid="page-build" title={pageBuildTitle()}>
          {__PAGE_BUILD__}
        </span>{' '}
        · {t('footer.serverVersion')} <span data-testid="server-version">{serverVersion ?? '…'}</span>
      </p>
      <button
        type="button"
        className="mascot"
        aria-label={t('footer.toTop')}
        data-testid="mascot"
        onClick={scrollToTop}
      >
        <Logo size={40} />
      </button>
    </footer>
  );
};
