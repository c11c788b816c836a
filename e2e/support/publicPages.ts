/**
 * Every public page a visitor can reach, for the page-wide checks (axe-core in a11y-axe.spec.ts,
 * the Nu Html Checker in html-validity.spec.ts). One list: a new public page is one more line.
 *
 * `path` may hold `{essayId}`, filled with the newest public essay's id (see `fillPath`).
 */
export interface PublicPage {
  path: string;
  /** Shown only in dark mode (the axe check skips it in light). */
  darkOnly?: boolean;
  /** Reached only with the secret gate open (spec §2): opened on /chaos, then navigated in the app. */
  gate?: boolean;
  /** A selector present once the page shows its content (the checks wait for it). */
  ready: string;
  /** The HTTP status the server answers the page with (200 unless said). */
  status?: number;
}

export const publicPages: readonly PublicPage[] = [
  { path: '/home', ready: '[data-testid="home"]' },
  { path: '/chaos', ready: '[data-testid="essay"]' },
  { path: '/chaos/{essayId}', ready: '[data-testid="essay"]' },
  // A hidden or unknown essay: the kind 404 page.
  { path: '/chaos/987654', ready: '[data-testid="essay-missing"]', status: 404 },
  { path: '/moments', ready: '[data-testid="moments-heatmap"], [data-testid="dark-key-needed"]' },
  { path: '/pastel-memories', ready: '[data-testid="bangumi"]' },
  { path: '/waifu', darkOnly: true, ready: '[data-testid="waifu-item"]' },
  { path: '/about', ready: '[data-testid="about-article"] .markdown' },
  { path: '/utils/index', ready: '[data-testid="tools"]' },
  { path: '/utils/merge-image', ready: '[data-testid="file-input"]' },
  { path: '/utils/oplus-log-decrypt', ready: '[data-testid="file-input"]' },
  { path: '/utils/qrcode-decode', ready: '[data-testid="file-input"]' },
  { path: '/contract', gate: true, ready: '[data-testid="contract-page"]' },
];

/** The newest public essay's id, read from the server's API. */
export const newestEssayId = async (baseUrl: string): Promise<number> => {
  const res = await fetch(`${baseUrl}/api/blog/essay`);
  const body = (await res.json()) as { data: { list: { id: number }[] } };
  const first = body.data.list[0];
  if (!first) throw new Error('the server has no public essay');
  return first.id;
};

/** A page's path with its placeholders filled. */
export const fillPath = (path: string, values: { essayId: number }): string =>
  path.replace('{essayId}', String(values.essayId));
