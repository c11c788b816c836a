import fs from 'node:fs';
import { buildOnce } from './server.ts';

/** For specs that start their own servers: Chromium present, the app built (a no-op when fresh). */
export default function setup() {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chrome))
    throw new Error(`Chromium not found at ${chrome} (install the chromium package)`);
  buildOnce();
}
