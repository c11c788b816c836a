/**
 * The server render (issue 16): built by scripts/build.mjs with Vite's SSR build into
 * `web/dist/.ssr/entry-server.js` and loaded by the server (server/src/http/webApp.ts), which reads
 * the page's data from its own API and renders the same components the client hydrates.
 */
import type { Language } from '@candy/contract/languages';
import type { Messages } from '@lingui/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';
import { primePage } from './app/PageOutlet.tsx';
import { appState } from './core/appState.ts';
import { type RuntimeConfig, runtimeConfig } from './core/runtimeConfig.ts';
import { hydration, type SsrData, setSsrData } from './core/ssrData.ts';
import { activateLoaded, provide } from './i18n/i18n.ts';

export type { SsrData };

export interface RenderInput {
  data: SsrData;
  /** The reader's language and its public catalogue, as the page's data block carries it. */
  language: Language;
  messages: Messages;
  search: string;
  config: Partial<RuntimeConfig>;
}

type Globals = { location?: unknown; window?: unknown };

/**
 * wouter's server snapshot reads `location`, a few hooks' initial state `window.location`: both
 * exist only for the (synchronous) render and are removed right after it, so no other code of the
 * server ever sees a `window`.
 */
const withLocation = <T,>(pathname: string, search: string, run: () => T): T => {
  const origin = 'http://localhost';
  const location = {
    pathname,
    search,
    hash: '',
    origin,
    hostname: 'localhost',
    href: `${origin}${pathname}${search}`,
  };
  const globals = globalThis as Globals;
  globals.location = location;
  globals.window = { location };
  try {
    return run();
  } finally {
    delete globals.location;
    delete globals.window;
  }
};

/** The markup of `<div id="root">` for `data.path`, as the client's first render will make it. */
export const render = async ({ data, search, config, language, messages }: RenderInput): Promise<string> => {
  Object.assign(runtimeConfig, config);
  await primePage(data.path);
  // Renders are synchronous and one at a time: the language is the page's for this one.
  provide(language, 'public', messages);
  activateLoaded(language);
  setSsrData(data);
  hydration.set({ hydrating: true });
  appState.set({ mobileMode: data.mobile, darkMode: false });
  try {
    return withLocation(data.path, search, () =>
      renderToString(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  } finally {
    setSsrData(null);
  }
};
