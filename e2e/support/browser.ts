import { type Browser, chromium } from 'playwright-core';

/** The system Chromium, with the flags this sandboxed, offline machine needs. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
