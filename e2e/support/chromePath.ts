import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: `CHROME_PATH`, else Debian's headless shell
 * (`chromium-headless-shell`), else Debian's full `chromium`. The headless shell is the same engine
 * without the desktop browser around it: on the e2e specs it took 38 % less CPU and 36 % less wall
 * time than `chromium --headless` (issue 39, docs/decisions.md "Browser tests on the headless shell").
 */
export const chromePath = (): string =>
  process.env.CHROME_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ??
  '/usr/bin/chromium';

/**
 * The full browser where a spec needs what only it has (notifications shown by a service worker):
 * `CHROME_PATH` when set, else Debian's `chromium`.
 */
export const fullChromePath = (): string =>
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromePath());

/** Throws, naming the packages, when no Chromium is installed. */
export const requireChromium = (): string => {
  const path = chromePath();
  if (!existsSync(path))
    throw new Error(
      `Chromium not found at ${path} (install chromium-headless-shell or chromium, or set CHROME_PATH)`,
    );
  return path;
};
