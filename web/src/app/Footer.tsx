import type { FriendLink } from '@candy/contract/calls/links';
import { Texts } from '@candy/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useIsOffline } from '../core/appState.ts';
import { call } from '../core/request.ts';
import { runtimeConfig } from '../core/runtimeConfig.ts';
import { peekSsr } from '../core/ssrData.ts';
import { defaultFooterTags } from './footerTags.ts';
import { Logo } from './Logo.tsx';
import { Link } from './router.tsx';
import { scrollToTop } from './useScroll.ts';

const shuffled = <T,>(list: T[]): T[] => {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
};

const stateTitle: Record<FriendLink['state'], string> = { 1: '', 2: '失联', 3: '单向链接' };

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
          title={stateTitle[l.state] || l.name}
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
    if (offline) return setVersion(Texts.offlineVersion);
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    call('systemVersion', { silent: true }).then(
      (v) => live && setVersion(v),
      () => live && setVersion(Texts.offlineVersion),
    );
    return () => {
      live = false;
    };
  }, [offline]);
  return version;
};

/** The footer of spec §2. */
export const Footer = () => {
  const offline = useIsOffline();
  const serverVersion = useServerVersion(offline);
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <p className="footer-tags">
        {defaultFooterTags.map((t) => (
          <Link key={t.href} to={t.href} title={t.title} className="tag">
            {t.name}
          </Link>
        ))}
      </p>
      <FriendLinks offline={offline} />
      <p>
        © {year} {runtimeConfig.title} · <Link to="/about">联系作者</Link> · Powered by React, Vite, Fastify
        &amp; Kysely
      </p>
      <p className="footer-notice">{Texts.noCookies}</p>
      <p className="footer-versions">
        页面版本 <span data-testid="page-build">{__PAGE_BUILD__}</span> · 服务版本{' '}
        <span data-testid="server-version">{serverVersion ?? '…'}</span>
      </p>
      <button
        type="button"
        className="mascot"
        aria-label="回到顶部"
        data-testid="mascot"
        onClick={scrollToTop}
      >
        <Logo size={40} />
      </button>
    </footer>
  );
};
