import { SiteDefaults } from '@candy/contract/constants';
import { allLanguages, type Language, sourceLanguage } from '@candy/contract/languages';

/**
 * Configuration the server injects into index.html as a JSON data block (never executed, so the
 * CSP needs no inline scripts). A page served without it (a static host) falls back to defaults.
 */
export interface RuntimeConfig {
  title: string;
  domains: string[];
  apiBasePath: string;
  apiCandidates: { tier: number; url: string }[];
  devApiBase: string;
  offlineMirrors: string[];
  /** Public NetEase-compatible music proxy the offline mode plays through (spec §7 "Music"). */
  musicProxyPublic: string;
  /**
   * Whether the server proxies music (MUSIC_API_BASE). Without it a music card asks nothing online:
   * the lookup could only fail. A page without runtime configuration (a static host) assumes yes.
   */
  musicOnline: boolean;
  /** The interface languages the owner offers (SITE_LANGUAGES) and the default (SITE_LANGUAGE). */
  languages: Language[];
  language: Language;
}

const defaults: RuntimeConfig = {
  title: SiteDefaults.title,
  domains: ['localhost', '127.0.0.1'],
  apiBasePath: '/api',
  apiCandidates: [],
  devApiBase: '',
  offlineMirrors: [],
  musicProxyPublic: '',
  musicOnline: true,
  languages: allLanguages,
  language: sourceLanguage,
};

export const readRuntimeConfig = (doc: Document = document): RuntimeConfig => {
  const text = doc.getElementById('runtime-config')?.textContent;
  if (!text) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(text) as Partial<RuntimeConfig>) };
  } catch {
    return defaults;
  }
};

// Outside a browser (unit tests) there is no page to read: defaults.
export const runtimeConfig: RuntimeConfig = typeof document === 'undefined' ? defaults : readRuntimeConfig();

/**
 * The offline snapshot's mirrors in order; without any configured, the snapshot the server itself
 * serves. Here rather than in offlineFiles.ts: the service worker's URL names them too (siteWorker.ts).
 */
export const mirrorList = (): string[] => {
  const list = runtimeConfig.offlineMirrors.length ? runtimeConfig.offlineMirrors : ['/snapshot'];
  return list.map((m) => m.replace(/\/+$/, ''));
};
